/**
 * The A/B test variants this visit was assigned, kept in session storage beside its progress
 * (`site:experiments`: test id → variant key, flow and version), so the funnel's events and the
 * lead of that flow version carry the variant they were answered on. Cheap: no engine code.
 */
export interface VariantTag {
  experiment: number;
  variant: string;
}

interface Kept {
  variant: string;
  flow: string;
  version: number;
}

const storeKey = 'site:experiments';

function kept(): Record<string, Kept> {
  try {
    const value = JSON.parse(sessionStorage.getItem(storeKey) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, Kept>) : {};
  } catch {
    return {};
  }
}

/** The variant a test assigned this visit, when it still runs (`running`: their ids). */
export function keptVariant(experiment: number): string | undefined {
  return kept()[String(experiment)]?.variant;
}

/** Keeps this visit's variants of the tests still running, with `tag` among them. */
export function keepVariants(running: readonly number[], tag?: VariantTag & Omit<Kept, 'variant'>) {
  const next = Object.fromEntries(
    Object.entries(kept()).filter(([id]) => running.includes(Number(id))),
  );
  if (tag)
    next[String(tag.experiment)] = { variant: tag.variant, flow: tag.flow, version: tag.version };
  try {
    sessionStorage.setItem(storeKey, JSON.stringify(next));
  } catch {
    // storage blocked: the visit is served, its events and lead go untagged
  }
}

/** The test and variant that served this flow version to this visit, if one did. */
export function variantTag(flow: string, version: number): VariantTag | undefined {
  for (const [id, entry] of Object.entries(kept())) {
    if (entry.flow === flow && entry.version === version) {
      return { experiment: Number(id), variant: entry.variant };
    }
  }
  return undefined;
}
