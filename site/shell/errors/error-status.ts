/** The status an error page shows: the error's own HTTP status when it carries one, else 500. */
export function errorStatus(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    for (const key of ['status', 'statusCode'] as const) {
      const value = (error as Record<string, unknown>)[key];
      if (typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599)
        return value;
    }
  }
  return 500;
}
