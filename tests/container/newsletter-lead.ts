/**
 * The lead the container test posts: the newsletter flow (one step, one e-mail field, one HubSpot
 * submission). Its form key and the HubSpot field names come from flows/newsletter.json itself,
 * so the fake declares exactly the form the site will submit to.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formKeyToEnvSuffix } from '../../site/server/leads/form-key';

export const flowId = 'newsletter';

interface FlowFile {
  submissions: { formKey: string; fields: { name: string }[] }[];
}

export interface LeadForm {
  /** `HUBSPOT_FORM_<KEY>`: the variable naming the HubSpot form the flow submits to. */
  formVariable: string;
  /** Every field the submission may carry (the fake refuses an undeclared one). */
  fields: string[];
}

export function newsletterForm(root: string): LeadForm {
  const flow = JSON.parse(
    readFileSync(path.join(root, 'flows', `${flowId}.json`), 'utf8'),
  ) as FlowFile;
  const [submission, ...others] = flow.submissions;
  if (!submission || others.length > 0) {
    throw new Error(`flows/${flowId}.json should submit to exactly one HubSpot form`);
  }
  return {
    formVariable: `HUBSPOT_FORM_${formKeyToEnvSuffix(submission.formKey)}`,
    fields: submission.fields.map((field) => field.name),
  };
}

/** The request body of one newsletter lead, sent from the home page. */
export function leadBody(email: string, siteUrl: string): string {
  return JSON.stringify({ answers: { email }, page: { uri: `${siteUrl}/`, name: 'home' } });
}

/** The e-mail address a submission the fake accepted carries. */
export function submittedEmail(body: { fields: { name: string; value: string }[] }) {
  return body.fields.find((field) => field.name === 'email')?.value;
}
