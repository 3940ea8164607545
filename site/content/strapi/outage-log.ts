/**
 * The one log line of a Strapi outage. Every collection and the navigation fall back on their
 * own, but an editor or operator reading a build log needs one line saying the CMS is down
 * and why, not one per collection: the first failure is logged, the rest are silent until
 * every call that failed has been answered again.
 */
export interface OutageLog {
  failed(what: string, error: unknown): void;
  answered(what: string): void;
}

export function createOutageLog(logger: Pick<Console, 'warn'>): OutageLog {
  const failing = new Set<string>();
  return {
    failed(what, error) {
      if (failing.size === 0) {
        const reason = error instanceof Error ? error.message : String(error);
        logger.warn(`[content] Strapi unavailable, using the embedded content: ${reason}`);
      }
      failing.add(what);
    },
    answered(what) {
      failing.delete(what);
    },
  };
}
