/**
 * How the studio's pages send their forms: URL-encoded with the session's token (the back office's
 * one way, checkStaffPost), answered with JSON; a refusal becomes a StudioRefusal with its message
 * (and the answer's body, for the refusals a page acts on: a conflict).
 */

/** The longest publish note, in characters: the form's limit and the server's check. */
export const MAX_PUBLISH_NOTE = 500;

/**
 * The publish form's field, and its value, by which staff confirm that a form key stops sending
 * the field HubSpot identifies the contact by (publish-refusal.ts refuses the publish without it).
 */
export const CONFIRM_FIELD = 'confirm';
export const DROP_IDENTITY = 'drop-identity';
/**
 * The confirmation that staff know HubSpot will refuse fields the text sends (the HubSpot check
 * of its submissions against the forms' definitions finds something): publish-refusal.ts refuses
 * the publish without it.
 */
export const HUBSPOT_REFUSALS = 'hubspot-refusals';

/** The versions page's parameter naming a confirmation a refused republish needs (each one). */
export const NEED_FIELD = 'need';

/** The box staff tick for each confirmation, in the publish dialog and on the versions page. */
export const CONFIRM_LABELS: Readonly<Record<string, string>> = {
  [DROP_IDENTITY]: 'I understand HubSpot will no longer be able to identify these contacts',
  [HUBSPOT_REFUSALS]:
    'I understand HubSpot will refuse these fields, and leads will be delivered without them or held',
};

/**
 * The confirmations a form carries: every `confirm` value, each a word or several separated by
 * spaces (the studio sends them in one field, an HTML form as one checkbox each).
 */
export function confirmations(form: URLSearchParams): Set<string> {
  return new Set(
    form
      .getAll(CONFIRM_FIELD)
      .flatMap((value) => value.split(/\s+/))
      .filter(Boolean),
  );
}

/**
 * The fields by which every draft save, publish and discard names what the editor's text started
 * from (draft-revision.ts): the published version, and the draft revision (0 or absent: none).
 */
export const BASE_VERSION_FIELD = 'baseVersion';
export const BASE_REVISION_FIELD = 'baseRevision';

/** How often an open editor says so (flow-presence.ts): others see it within this much. */
export const PRESENCE_BEAT_MS = 10_000;

/** A refusal from the server: its message to show, its status and body to act on. */
export class StudioRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** Posts a studio form; resolves with the JSON answer, or throws with a message to show. */
export async function postStudioForm(
  url: string,
  fields: Record<string, string>,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams(fields),
      credentials: 'same-origin',
    });
  } catch {
    throw new Error('The server could not be reached. Your text is still here; try again.');
  }
  const type = response.headers.get('content-type') ?? '';
  const body: unknown = type.includes('json') ? await response.json() : await response.text();
  if (response.ok || response.status === 422) return body;
  const errors = (body as { errors?: { message: string }[] }).errors;
  throw new StudioRefusal(
    errors?.map((e) => e.message).join('; ') ??
      (typeof body === 'string' && body.trim() !== '' ? body.trim() : `HTTP ${response.status}`),
    response.status,
    body,
  );
}
