/**
 * HubSpot's Marketing Forms API v3, as far as the site uses it: one form, the paged list of the
 * portal's forms, and a PATCH replacing a form's `fieldGroups`. Every call carries the private
 * app token as a bearer (the forms scope) and gives up after `timeoutMs`. Only the HTTP calls and
 * the reshaping of the answer live here; the token is never part of an error or a log line.
 */
import { parseHubSpotForm, type HubSpotFormAnswer } from './parse-hubspot-form';

export interface HubSpotFormsApiConfig {
  /** `https://api.hubapi.com` (HUBSPOT_FILES_API_BASE, the host of the Files and Forms APIs). */
  apiBase: string;
  accessToken: string;
  timeoutMs: number;
}

/** A call HubSpot refused or did not answer, said in words staff can act on. */
export class HubSpotFormsApiError extends Error {
  constructor(
    message: string,
    /** HubSpot's status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'HubSpotFormsApiError';
  }
}

export interface HubSpotFormsClient {
  getForm(formId: string): Promise<HubSpotFormAnswer>;
  /** Every form of the portal (HubSpot leaves archived ones out), following the pages. */
  listForms(): Promise<HubSpotFormAnswer[]>;
  /** Replaces the form's field groups; resolves with the form as HubSpot stored it. */
  patchFieldGroups(formId: string, fieldGroups: readonly unknown[]): Promise<HubSpotFormAnswer>;
}

/** What HubSpot says in an error answer (`{message, category}`), else the status alone. */
function refusal(status: number, text: string, formId?: string): string {
  let said = '';
  try {
    const body = JSON.parse(text) as { message?: unknown; category?: unknown };
    if (typeof body.message === 'string') said = body.message;
  } catch {
    said = text.slice(0, 200);
  }
  const detail = said ? `: ${said}` : '';
  if (status === 401) {
    return `HubSpot refused the access token (401${detail}): check HUBSPOT_ACCESS_TOKEN`;
  }
  if (status === 403) {
    return `HubSpot refused access to forms (403${detail}): the private app needs the forms scope`;
  }
  if (status === 404 && formId !== undefined) {
    return `HubSpot has no form ${formId} (404${detail}): check the form id`;
  }
  return `HubSpot answered ${status}${detail}`;
}

const PAGE_SIZE = 50;
/** A portal with more forms than this is not listed further (no portal the site serves has). */
const MAX_PAGES = 40;

export function createHubSpotFormsClient(config: HubSpotFormsApiConfig): HubSpotFormsClient {
  const base = `${config.apiBase}/marketing/v3/forms`;

  async function call(url: string, init: RequestInit = {}, formId?: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: {
          authorization: `Bearer ${config.accessToken}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw new HubSpotFormsApiError(
        timedOut
          ? `HubSpot did not answer within ${config.timeoutMs} ms`
          : `HubSpot cannot be reached (${cause instanceof Error ? cause.message : String(cause)})`,
      );
    }
    const text = await response.text();
    if (!response.ok) {
      throw new HubSpotFormsApiError(refusal(response.status, text, formId), response.status);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new HubSpotFormsApiError(`HubSpot answered ${response.status} with no JSON`);
    }
  }

  const formOf = (raw: unknown, formId: string) => {
    const form = parseHubSpotForm(raw);
    if (!form) throw new HubSpotFormsApiError(`HubSpot's answer about form ${formId} is no form`);
    return form;
  };

  return {
    async getForm(formId) {
      return formOf(await call(`${base}/${encodeURIComponent(formId)}`, {}, formId), formId);
    },
    async listForms() {
      const forms: HubSpotFormAnswer[] = [];
      let after: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
        if (after !== undefined) query.set('after', after);
        const answer = (await call(`${base}?${query.toString()}`)) as {
          results?: unknown;
          paging?: { next?: { after?: unknown } };
        };
        const results = Array.isArray(answer?.results) ? (answer.results as unknown[]) : [];
        forms.push(...results.flatMap((raw) => parseHubSpotForm(raw) ?? []));
        const next = answer?.paging?.next?.after;
        if (typeof next !== 'string' || next === '') break;
        after = next;
      }
      return forms;
    },
    async patchFieldGroups(formId, fieldGroups) {
      const answer = await call(
        `${base}/${encodeURIComponent(formId)}`,
        { method: 'PATCH', body: JSON.stringify({ fieldGroups }) },
        formId,
      );
      return formOf(answer, formId);
    },
  };
}
