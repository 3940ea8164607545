/**
 * The site's flows, resolved by the engine as the server does (brand from the same defaults).
 * The flow files are valid (the engine's own tests and `npm run flows -- check` say so), so
 * this skips the ajv pass, whose CommonJS subpath imports Playwright's ESM loader cannot take.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RawFlow, RawOptionList } from '@/engine/raw-flow';
import {
  resolveFlow,
  substitutePlaceholders,
  toOption,
  type OptionLists,
} from '@/engine/resolve-flow';
import type { ResolvedFlow } from '@/engine/types';
import { siteConfig } from '@/site/config/site-config';

const dir = path.join(process.cwd(), 'flows');
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const cache = new Map<string, ResolvedFlow>();

export function repoFlow(id: string): ResolvedFlow {
  const cached = cache.get(id);
  if (cached) return cached;
  const lists: OptionLists = {};
  for (const name of readdirSync(path.join(dir, 'options')).filter((n) => n.endsWith('.json'))) {
    const list = readJson(path.join(dir, 'options', name)) as RawOptionList;
    lists[list.id] = list.options.map(toOption);
  }
  const raw = substitutePlaceholders(readJson(path.join(dir, `${id}.json`)) as RawFlow, {
    brandName: siteConfig.brandName,
    brandSlug: siteConfig.brandSlug,
  });
  const { flow, diagnostics } = resolveFlow(raw, lists, `${id}.json`);
  if (diagnostics.length > 0) throw new Error(`flow ${id}: ${diagnostics[0]!.message}`);
  cache.set(id, flow);
  return flow;
}
