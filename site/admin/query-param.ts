/** A page's query, as a server component's `searchParams` or a posted form gives it. */
export type QueryParams = Record<string, string | string[] | undefined> | URLSearchParams;

/** The first value of a parameter, trimmed and at most 200 characters; '' when absent. */
export function queryParam(params: QueryParams, name: string): string {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim().slice(0, 200);
}
