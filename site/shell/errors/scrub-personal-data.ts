/**
 * Removes what could identify a visitor from an error message before it leaves the browser, and
 * again on the server (a report can be forged): e-mail addresses, long runs of digits (phone,
 * card and account numbers) and the query string or fragment of any address, where search
 * terms and tokens travel. The browser and the server share this one definition.
 */
const email = /[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// Seven or more digits, allowing the separators of a written phone number between them.
const digitRun = /\+?\d(?:[\s().-]*\d){6,}/g;
// An address (absolute or a path) keeps everything before its `?` or `#`.
const queryOfAddress = /((?:[a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>]*|\/[^\s?#"'<>]*))[?#][^\s"'<>]*/gi;

export function scrubPersonalData(text: string): string {
  return text.replace(queryOfAddress, '$1').replace(email, '[email]').replace(digitRun, '[number]');
}
