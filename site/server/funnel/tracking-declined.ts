/**
 * Whether the visitor asked not to be tracked: `DNT: 1` (Do Not Track) or `Sec-GPC: 1` (Global
 * Privacy Control). The browser side sends no flow events then; the server honours the signal as
 * well, whatever the page's script does (an older bundle still open in a tab, another client).
 */
export function trackingDeclined(headers: Headers): boolean {
  return headers.get('dnt')?.trim() === '1' || headers.get('sec-gpc')?.trim() === '1';
}
