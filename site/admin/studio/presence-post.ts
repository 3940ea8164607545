/**
 * POST /admin/flows/{id}/presence: an open editor's heartbeat (`tab`, the id the tab made for
 * itself), checked like every staff action, answered with who else has the flow open
 * (flow-presence.ts): 200 `{others: [{email, openedAt, seenAt, you}]}`, `you` for the same
 * member of staff in another tab. With `leave=1` (sent on pagehide, by sendBeacon) the tab is
 * gone: 200 `{others: []}`.
 */
import { checkStaffPost } from '@/site/server/admin/admin-post';
import { beatPresence, leavePresence } from '@/site/server/flows/flow-presence';
import { errorResponse, jsonResponse } from '@/site/server/http/api-response';

/** A tab id: the browser makes 32 hex digits; anything short and plain is taken. */
const TAB_ID = /^[\w-]{8,64}$/;

export async function presencePost(request: Request, flowId: string): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  const tabId = checked.form.get('tab') ?? '';
  if (!TAB_ID.test(tabId))
    return errorResponse(400, [{ field: 'tab', message: 'The tab id is missing or malformed' }]);
  const { email } = checked.staff;
  const beat = { flowId, email, tabId };
  if (checked.form.get('leave') === '1') {
    await leavePresence(beat);
    return jsonResponse(200, { others: [] });
  }
  const others = await beatPresence(beat);
  return jsonResponse(200, { others: others.map((p) => ({ ...p, you: p.email === email })) });
}
