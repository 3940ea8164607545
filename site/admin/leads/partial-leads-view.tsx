/**
 * The inbox's unfinished answers: partial leads (visitors who ticked the saved-progress box and
 * have not finished), newest first, under the same questionnaire filter and name/e-mail search
 * as the leads, each with how far the visitor got. Deleted after the retention period.
 */
import { env } from '@/site/env';
import type { PartialLead } from '@/site/server/leads/partial-lead-store';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import styles from '../admin.module.css';
import { utcTime } from './lead-format';
import { PartialDeliveryCell } from './partial-delivery-cell';

export async function PartialLeadsSection(props: {
  flowId?: string;
  q?: string;
  title: (flowId: string) => string;
}) {
  const all = await unfinishedNow(props.flowId);
  const q = props.q?.trim().toLowerCase();
  const shown = q ? all.filter((lead) => matches(lead, q)) : all;
  // A flow that sends partial leads to HubSpot (saveProgress.formKey) shows how each went.
  const sends = await siteRuntime().partialDeliveries.queue.statusesOf(shown.map((l) => l.id));
  return (
    <section aria-labelledby="partial-leads">
      <h2 id="partial-leads">Unfinished (partial leads)</h2>
      <p>
        Visitors who agreed to keep their answers and have not finished yet. Each is deleted{' '}
        {env.PARTIAL_LEADS_RETENTION_DAYS} days after its last change, when the visitor asks, or
        when they finish (it then becomes their lead).
      </p>
      {shown.length === 0 ? (
        <p role="status">No unfinished answers match.</p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Partial leads">
          <table className={styles.table} aria-label="Partial leads, newest first">
            <thead>
              <tr>
                <th scope="col">Last change (UTC)</th>
                <th scope="col">Questionnaire</th>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">How far</th>
                {sends.size > 0 && <th scope="col">HubSpot</th>}
              </tr>
            </thead>
            <tbody>
              {shown.map((lead) => (
                <tr key={lead.id}>
                  <td>{utcTime(lead.updatedAt)}</td>
                  <td>
                    {props.title(lead.flowId)} (version {lead.flowVersion})
                  </td>
                  <td>{nameOf(lead) ?? '—'}</td>
                  <td>{lead.email}</td>
                  <td>
                    Step {lead.stepNumber} of {lead.stepTotal}: {lead.stepQuestion}
                  </td>
                  {sends.size > 0 && (
                    <td>
                      <PartialDeliveryCell sends={sends.get(lead.id) ?? []} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The partial leads kept now (older ones are deleted first). */
function unfinishedNow(flowId: string | undefined): Promise<PartialLead[]> {
  return siteRuntime().partials.unfinished(Date.now(), { flowId });
}

function nameOf(lead: PartialLead): string | undefined {
  const name = lead.answers.full_name;
  return typeof name === 'string' && name.trim() !== '' ? name : undefined;
}

function matches(lead: PartialLead, q: string): boolean {
  return [
    lead.email,
    nameOf(lead) ?? '',
    typeof lead.answers.phone === 'string' ? lead.answers.phone : '',
  ].some((text) => text.toLowerCase().includes(q));
}
