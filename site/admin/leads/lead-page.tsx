/**
 * `/admin/leads/{id}`: one lead as staff act on it — the answers as the visitor saw the
 * questions, the hidden values, the page, each HubSpot body, every delivery attempt with
 * HubSpot's answer, the files, who did what to it — and the actions: retry now, mark handled.
 */
import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { Answers } from '@/engine/client';
import { csrfTokenForPage } from '@/site/server/admin/admin-post';
import { auditOf } from '@/site/server/admin/audit-log';
import { requireStaff } from '@/site/server/admin/staff-guard';
import { env } from '@/site/env';
import { isOverdue } from '@/site/server/leads/overdue-leads';
import { HUBSPOT_DESTINATION } from '@/site/server/leads/lead-types';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { AdminFrame, CsrfField } from '../admin-frame';
import styles from '../admin.module.css';
import { DeliveredWithout } from './delivered-without';
import { answerRows } from './lead-answers';
import { AssigneeControl, OverdueBadge } from './lead-assignment-view';
import { StatusBadge, utcTime } from './lead-format';
import { WebhookDeliveries } from './webhook-deliveries';
import { AttemptsTable } from './attempts-table';

const notices: Record<string, string> = {
  retried: 'Delivery was attempted again; the result is below.',
  handled: 'Marked as handled.',
  unhandled: 'No longer marked as handled.',
  assigned: 'Assignment saved.',
};

export async function LeadPage(props: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await props.params;
  const staff = await requireStaff(`/admin/leads/${encodeURIComponent(id)}`);
  const { store } = siteRuntime().leads;
  const lead = await store.getLead(id);
  if (!lead) notFound();
  const [attempts, audit, csrf, assignment, takers] = await Promise.all([
    store.attemptsOf(id),
    auditOf(id),
    csrfTokenForPage(),
    siteRuntime().assignments.assignmentOf(id),
    siteRuntime().assignments.takers(),
  ]);
  const overdue =
    assignment !== undefined && isOverdue(lead, env.LEADS_FIRST_RESPONSE_MINUTES * 60_000);
  const done = (await props.searchParams).done;
  const notice = typeof done === 'string' ? notices[done] : undefined;
  // The answers read with the version the visitor answered, when it is known.
  const flow =
    lead.flowVersion === null
      ? (await siteRuntime().flows.fresh(0)).get(lead.flowId)
      : await siteRuntime().flows.flow(lead.flowId, lead.flowVersion);
  const fileLinks = Object.fromEntries(
    lead.files.map((file) => [file.field, `/api/lead-files/${file.token}`]),
  );
  const groups = flow ? answerRows(flow, lead.answers as Answers, fileLinks) : [];
  const hidden = Object.entries(lead.hidden);
  // HubSpot's deliveries and attempts here; each webhook's in its own section below.
  const toHubspot = lead.deliveries.filter((d) => d.destination === HUBSPOT_DESTINATION);
  const hubspotIds = new Set(toHubspot.map((d) => d.id));
  const hubspotAttempts = attempts.filter((a) => hubspotIds.has(a.deliveryId));

  return (
    <AdminFrame staff={staff} current="/admin/leads">
      <p>
        <Link href="/admin/leads">← All leads</Link>
      </p>
      <h1>
        {flow?.title ?? lead.flowId}: {lead.contact.name ?? lead.contact.email ?? lead.id}
      </h1>
      {notice ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={lead.status} />
          {lead.lastError ? ` — ${lead.lastError}` : null}
        </dd>
        <dt>Lead id</dt>
        <dd>{lead.id}</dd>
        <dt>Sent by the visitor</dt>
        <dd>{utcTime(lead.submittedAt)}</dd>
        <dt>Questionnaire</dt>
        <dd>
          {lead.flowId}
          {lead.flowVersion === null ? '' : `, version ${lead.flowVersion}`}
        </dd>
        <dt>Page</dt>
        <dd>
          {lead.pageName} — {lead.pageUri}
        </dd>
        <dt>Visitor address</dt>
        <dd>{lead.clientIp ?? '—'}</dd>
        <dt>Handled</dt>
        <dd>
          {lead.handledAt ? `${utcTime(lead.handledAt)} by ${lead.handledBy}` : 'not yet'}
          {overdue ? (
            <>
              {' '}
              <OverdueBadge />
            </>
          ) : null}
        </dd>
        <dt>Assigned to</dt>
        <dd>{assignment?.assignee ?? 'nobody'}</dd>
      </dl>
      <div className={styles.actions}>
        <form method="post" action={`/admin/leads/${encodeURIComponent(lead.id)}/retry`}>
          <CsrfField token={csrf} />
          <button type="submit" className={styles.button}>
            Retry delivery now
          </button>
        </form>
        {lead.handledAt ? null : (
          <form method="post" action={`/admin/leads/${encodeURIComponent(lead.id)}/handled`}>
            <CsrfField token={csrf} />
            <button type="submit" className={styles.secondary}>
              Mark as handled
            </button>
          </form>
        )}
        {lead.handledAt ? (
          <form method="post" action={`/admin/leads/${encodeURIComponent(lead.id)}/unhandle`}>
            <CsrfField token={csrf} />
            <button type="submit" className={styles.secondary}>
              Undo “handled”
            </button>
          </form>
        ) : null}
        <AssigneeControl
          leadId={lead.id}
          csrf={csrf}
          assignee={assignment?.assignee ?? null}
          takers={takers}
        />
      </div>

      <section className={styles.section} aria-labelledby="answers">
        <h2 id="answers">Answers</h2>
        {!flow ? (
          <p>The site no longer has this questionnaire; the answers as stored are below.</p>
        ) : lead.flowVersion !== null && lead.flowVersion !== flow.version ? (
          <p className={styles.notice}>
            Answered on version {lead.flowVersion}; shown with the wording of version {flow.version}
            .
          </p>
        ) : null}
        {groups.length > 0 ? (
          <table className={styles.table} aria-label="Answers">
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              {groups.flatMap((group) =>
                group.rows.map((row, i) => (
                  <tr key={`${group.step}-${i}`}>
                    <th scope="row">{row.question}</th>
                    <td>{row.href ? <a href={row.href}>{row.answer}</a> : row.answer}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        ) : (
          <pre className={styles.code}>{JSON.stringify(lead.answers, null, 2)}</pre>
        )}
      </section>

      <section className={styles.section} aria-labelledby="hidden">
        <h2 id="hidden">Where the visitor came from</h2>
        {hidden.length === 0 ? (
          <p>No campaign or other hidden value came with this visit.</p>
        ) : (
          <dl className={styles.facts}>
            {hidden.map(([name, value]) => (
              <div key={name} style={{ display: 'contents' }}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      {lead.files.length > 0 ? (
        <section className={styles.section} aria-labelledby="files">
          <h2 id="files">Files</h2>
          <ul>
            {lead.files.map((file) => (
              <li key={file.token}>
                <a href={`/api/lead-files/${file.token}`}>{file.originalName}</a> ({file.field},{' '}
                {Math.ceil(file.size / 1024)} KiB)
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className={styles.section} aria-labelledby="deliveries">
        <h2 id="deliveries">HubSpot</h2>
        {toHubspot.map((delivery) => (
          <div key={delivery.id}>
            <h3>
              Form “{delivery.formKey}”: <StatusBadge status={delivery.status} />
            </h3>
            <DeliveredWithout delivery={delivery} />
            <pre className={styles.code}>{JSON.stringify(delivery.body, null, 2)}</pre>
          </div>
        ))}
        <h3>Every attempt</h3>
        <AttemptsTable
          attempts={hubspotAttempts}
          label="Delivery attempts"
          answer="HubSpot’s answer"
          formKey
        />
      </section>

      <WebhookDeliveries deliveries={lead.deliveries} attempts={attempts} />

      <section className={styles.section} aria-labelledby="audit">
        <h2 id="audit">What staff did</h2>
        {audit.length === 0 ? (
          <p>Nothing yet.</p>
        ) : (
          <ul>
            {audit.map((entry, i) => (
              <li key={i}>
                {utcTime(entry.at)} — {entry.userEmail}: {entry.action}
                {entry.detail ? ` (${entry.detail})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminFrame>
  );
}
