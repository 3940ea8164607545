'use client';
/**
 * The flow studio's HubSpot panel, beside the paths: for each form key of the flow, its HubSpot
 * form as the site last read it (name, id, when) with each of its fields marked by who sends it
 * (hubspot-field-rows.ts: which covering paths, the visits that bring a hidden value, nobody),
 * and the fields the flow sends that the form lacks, marked missing in HubSpot. "Refresh from
 * HubSpot" reads the forms again, "Add missing fields" adds a form's missing fields to it as
 * hidden fields (hubspot-actions.ts); each says what it did in the status line and hands the
 * definitions the site holds afterwards to the page, which checks the text against them. Without
 * a HubSpot connection both buttons are disabled, and the panel says why.
 */
import { useId, useState } from 'react';
import type { FlowPath, HubSpotFormField, HubSpotForms, ResolvedFlow } from '@/engine/client';
import { formatUtcMinute } from '@/site/format/format-date';
import type {
  HubSpotFormsStatus,
  RefreshOutcome,
} from '@/site/server/hubspot/hubspot-forms-service';
import { hubspotFieldRows, rowMarking } from './hubspot-field-rows';
import { postStudioForm } from './studio-form';
import tables from '../flows/flow-funnel.module.css';
import styles from './studio.module.css';

/** What the studio page hands the studio of HubSpot: never the token, nor the service. */
export interface StudioHubSpotData {
  status: HubSpotFormsStatus;
  /** The definitions the site holds, by form key. */
  forms: HubSpotForms;
}

export interface StudioHubSpotProps extends StudioHubSpotData {
  flowId: string;
  flow: ResolvedFlow;
  /** The flow's covering paths, numbered as the paths list numbers them. */
  paths: readonly FlowPath[];
  /** The text `flow` loaded from, which "Add missing fields" sends; absent while it has errors. */
  source?: string;
  csrf: string;
  /** The definitions the site holds after a refresh or an addition. */
  onDefinitions: (forms: HubSpotForms) => void;
}

type RefreshAnswer = {
  outcomes: Omit<RefreshOutcome, 'definition'>[];
  definitions: HubSpotForms;
};
type AddAnswer = { added: { name: string }[]; definitions: HubSpotForms };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const names = (list: readonly string[]) => list.map((name) => `"${name}"`).join(', ');

function typeWords(field: HubSpotFormField): string {
  const options = field.options ? ` (${field.options.length} options)` : '';
  const flags = [field.required && 'required', field.hidden && 'hidden'].filter(Boolean);
  return [`${field.fieldType.replaceAll('_', ' ')}${options}`, ...flags].join(', ');
}

function refreshWords(outcomes: RefreshAnswer['outcomes']): { text: string; problem: boolean } {
  const read = outcomes.filter((o) => o.ok).map((o) => o.formKey);
  const failed = outcomes.filter((o) => !o.ok);
  const parts = [
    read.length > 0 ? `Read from HubSpot: form key ${read.join(', ')}.` : '',
    ...failed.map((o) => `Form key ${o.formKey} not read: ${o.error ?? 'unknown error'}.`),
  ].filter(Boolean);
  return { text: parts.join(' ') || 'Nothing to read.', problem: failed.length > 0 };
}

export function StudioHubSpot(props: StudioHubSpotProps) {
  const { flow, paths, forms, status, source, csrf, onDefinitions } = props;
  const offId = useId();
  const formKeys = [...new Set(flow.submissions.map((s) => s.formKey))];
  const [busy, setBusy] = useState<string | null>(null);
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);
  const off = status.enabled ? undefined : `HubSpot is not connected: ${status.reason ?? ''}`;

  async function act(what: string, run: () => Promise<{ text: string; problem: boolean }>) {
    setBusy(what);
    setSaid(null);
    try {
      setSaid(await run());
    } catch (error) {
      setSaid({ text: messageOf(error), problem: true });
    } finally {
      setBusy(null);
    }
  }

  const refresh = () =>
    act('refresh', async () => {
      const answer = (await postStudioForm('/admin/hubspot/refresh', {
        csrf,
        formKeys: formKeys.join(','),
      })) as RefreshAnswer;
      onDefinitions(answer.definitions);
      return refreshWords(answer.outcomes);
    });

  const addFields = (formKey: string) =>
    act(`add:${formKey}`, async () => {
      const url = `/admin/flows/${encodeURIComponent(props.flowId)}/hubspot/add-fields`;
      const answer = (await postStudioForm(url, {
        csrf,
        formKey,
        source: source ?? '',
      })) as AddAnswer;
      onDefinitions(answer.definitions);
      const form = answer.definitions[formKey]?.name ?? formKey;
      return {
        text:
          answer.added.length > 0
            ? `Added to HubSpot form "${form}" as hidden fields: ${names(answer.added.map((f) => f.name))}.`
            : `HubSpot form "${form}" already has every field this flow sends.`,
        problem: false,
      };
    });

  return (
    <section
      className={styles.hubspot}
      aria-labelledby="studio-hubspot-title"
      aria-busy={busy !== null}
    >
      <h3 id="studio-hubspot-title">HubSpot forms</h3>
      {formKeys.length === 0 ? (
        <p className={styles.note}>This flow sends nothing to HubSpot.</p>
      ) : (
        <div className={styles.hubspotActions}>
          <button
            type="button"
            className={styles.hubspotButton}
            disabled={off !== undefined || busy !== null}
            aria-describedby={off && offId}
            onClick={() => void refresh()}
          >
            {busy === 'refresh' ? 'Reading HubSpot…' : 'Refresh from HubSpot'}
          </button>
          {off && (
            <p id={offId} className={styles.note}>
              {off}
            </p>
          )}
        </div>
      )}
      <p role="status" className={said?.problem ? styles.hubspotProblem : undefined}>
        {said?.text}
      </p>
      {formKeys.map((formKey) => {
        const form = forms[formKey];
        const rows = hubspotFieldRows(flow, paths, formKey, form);
        const missing = form ? rows.filter((row) => !row.field) : [];
        const why =
          off ??
          (source === undefined
            ? 'Fix the errors in the text first: its fields are what is added.'
            : undefined);
        return (
          <section key={formKey} aria-labelledby={`studio-hubspot-${formKey}`}>
            <h4 id={`studio-hubspot-${formKey}`}>
              Form key <code>{formKey}</code>
            </h4>
            {!form ? (
              <p className={styles.note}>
                The site holds no definition of this form key&apos;s HubSpot form: Refresh from
                HubSpot reads it, or says why it cannot.
              </p>
            ) : (
              <>
                <p>
                  HubSpot form &ldquo;{form.name}&rdquo; (id <code>{form.formId}</code>), read{' '}
                  {formatUtcMinute(form.fetchedAt)}.
                </p>
                <table className={tables.table}>
                  <caption>
                    The fields of HubSpot form &ldquo;{form.name}&rdquo; and who sends them
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Field</th>
                      <th scope="col">Label</th>
                      <th scope="col">Type</th>
                      <th scope="col">This flow</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.name}>
                        <th scope="row">
                          <code>{row.name}</code>
                        </th>
                        <td>{row.field?.label ?? '—'}</td>
                        <td>{row.field ? typeWords(row.field) : '—'}</td>
                        <td className={row.field ? undefined : styles.missing}>
                          {rowMarking(row)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {missing.length > 0 && (
                  <div className={styles.hubspotActions}>
                    <button
                      type="button"
                      className={styles.hubspotButton}
                      disabled={why !== undefined || busy !== null}
                      aria-describedby={`${offId}-${formKey}`}
                      onClick={() => void addFields(formKey)}
                    >
                      {busy === `add:${formKey}` ? 'Adding fields…' : 'Add missing fields'}
                    </button>
                    <p id={`${offId}-${formKey}`} className={styles.note}>
                      {why ??
                        `Adds ${names(missing.map((row) => row.name))} to the HubSpot form, as hidden fields.`}
                    </p>
                  </div>
                )}
              </>
            )}
          </section>
        );
      })}
    </section>
  );
}
