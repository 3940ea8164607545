/**
 * Runs a synchronous store operation (better-sqlite3 is synchronous) behind the async `LeadStore`
 * interface: its result resolves, and what it throws rejects instead of escaping synchronously.
 */
export function asPromise<T>(operation: () => T): Promise<T> {
  return new Promise<T>((resolve) => resolve(operation()));
}
