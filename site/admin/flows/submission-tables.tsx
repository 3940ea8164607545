/**
 * What HubSpot receives for one form key, as a marketer checks it: each field the body sends
 * (its HubSpot name, object type and value), the consent (`legalConsentOptions`) when the answers
 * went through a consent box, and the fields sent only when the visit brings their hidden value
 * (left out of the body otherwise). No hooks: the funnel page renders it on the server, the flow
 * studio's paths and preview in the browser.
 */
import { hiddenSent, type PathSubmission, type ResolvedFlow } from '@/engine/client';
import styles from './flow-funnel.module.css';

/** Each flow's hidden fields by form key, found once per flow (the engine's hiddenSent). */
const hiddenByFlow = new WeakMap<ResolvedFlow, ReadonlyMap<string, readonly string[]>>();

/** The fields of a form key that are sent only when the visit brings them (hidden values). */
export function hiddenNamesOf(flow: ResolvedFlow, formKey: string): readonly string[] {
  let byForm = hiddenByFlow.get(flow);
  if (!byForm) {
    byForm = new Map(hiddenSent(flow).map((h) => [h.formKey, h.names]));
    hiddenByFlow.set(flow, byForm);
  }
  return byForm.get(formKey) ?? [];
}

export function SubmissionTables({
  flow,
  submission,
  sender,
}: {
  /** The flow the submission is of: its hidden fields are listed with the body. */
  flow: ResolvedFlow;
  submission: PathSubmission;
  /** Who sends it, for the captions: `this path`, `the preview`. */
  sender: string;
}) {
  const { formKey, fields, legalConsentOptions } = submission;
  const hidden = hiddenNamesOf(flow, formKey);
  const consent = legalConsentOptions?.consent;
  return (
    <>
      <table className={`${styles.table} ${styles.fields}`}>
        <caption>
          Form key {formKey}: the HubSpot fields {sender} sends
        </caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Object type</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={`${field.objectTypeId}/${field.name}`}>
              <th scope="row">
                <code>{field.name}</code>
              </th>
              <td>{field.objectTypeId}</td>
              <td>{field.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hidden.length > 0 ? (
        <p className={styles.note}>
          Also sent when the visit brings them (hidden values):{' '}
          {hidden.map((name, i) => (
            <span key={name}>
              {i > 0 ? ', ' : ''}
              <code>{name}</code>
            </span>
          ))}
        </p>
      ) : null}
      {consent ? (
        <table className={styles.table}>
          <caption>Form key {formKey}: the consent it sends (legalConsentOptions)</caption>
          <thead>
            <tr>
              <th scope="col">Consent</th>
              <th scope="col">Value</th>
              <th scope="col">Text the visitor read</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">
                <code>consentToProcess</code>
              </th>
              <td>{String(consent.consentToProcess)}</td>
              <td>{consent.text}</td>
            </tr>
            {consent.communications?.map((c) => (
              <tr key={c.text}>
                <th scope="row">
                  <code>communications</code>
                </th>
                <td>{String(c.value)}</td>
                <td>{c.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
