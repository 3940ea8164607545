// Next's cache of rendered pages, route responses and fetches (next.config.ts `cacheHandler`, the
// documented custom cache handler), kept in this process's memory, with one rule of the site's
// own: a cached page or `/api/flows/{id}` that shows a flow revision the flow catalogue no
// longer serves is never served. Next renders it again from the catalogue instead.
//
// Why a handler of our own: the flows live in the database, not in the build. Next's default
// cache keeps the build's prerendered pages (and whatever a previous server wrote into the build
// folder) until something revalidates them from inside a request; a timer has no request, and a
// fresh, restored or switched database would go unnoticed. Here every read is checked against
// the catalogue (the runtime's `isLiveFlowRevision`, through the one process handle), so a
// publish on any instance, a database reset or a rollback reaches every page on its next visit,
// under `next start`, Next's standalone server, the production server or a container alike.
//
// What a cached entry shows is read from the entry itself when it is stored: the
// revision attributes of a page's HTML (site/flows/static-step.tsx writes one per flow it draws)
// and the revision header of a flow's JSON (site/flows/flow-json-route.ts): flow-revision-marks.mjs.
// Tags work as in Next's own cache: `revalidateTag`/`revalidatePath` expire every entry carrying
// the tag (a page's tags, its implicit path tags, a fetch's tags) stored before that moment.
//
// Memory: entries are kept least recently used first out, within PAGE_CACHE_BYTES (256 MiB: the
// site's 300 pages take about 72 MiB of HTML and React payloads). During `next build` nothing is
// kept: the build writes its own output, and a server starts with an empty cache, rendering each
// page on its first visit.
import { REVISION_HEADER, revisionsInHtml } from '../../flows/flow-revision-marks.mjs';
import { runtimeSlot } from './process-handle.mjs';

const PAGE_CACHE_BYTES = 256 * 1024 * 1024;
const TAGS_HEADER = 'x-next-cache-tags';

/** key -> { value, lastModified, cacheControl, tags, revisions, bytes }, oldest use first. */
const entries = new Map();
/** tag -> when it was last revalidated (ms). */
const revalidatedAt = new Map();
let bytesHeld = 0;

const building = () => process.env.NEXT_PHASE === 'phase-production-build';

/** The flow revisions an entry shows: every flow drawn on a page, or the flow a route serves. */
export function flowRevisionsOf(value) {
  if (!value || typeof value !== 'object') return [];
  if (value.kind === 'APP_PAGE' && typeof value.html === 'string')
    return revisionsInHtml(value.html);
  const header = value.headers?.[REVISION_HEADER];
  return typeof header === 'string' ? [header] : [];
}

function tagsOf(value, ctx) {
  const header = value?.headers?.[TAGS_HEADER];
  const own = typeof header === 'string' ? header.split(',') : [];
  return [...new Set([...own, ...(ctx?.tags ?? [])])];
}

function sizeOf(value) {
  if (!value || typeof value !== 'object') return 64;
  let bytes = 256;
  if (typeof value.html === 'string') bytes += value.html.length;
  if (value.rscData?.byteLength) bytes += value.rscData.byteLength;
  if (value.segmentData instanceof Map) {
    for (const segment of value.segmentData.values()) bytes += segment?.byteLength ?? 0;
  }
  if (value.body?.byteLength) bytes += value.body.byteLength;
  if (typeof value.data?.body === 'string') bytes += value.data.body.length;
  return bytes;
}

function drop(key) {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  bytesHeld -= entry.bytes;
}

function expired(entry, softTags) {
  for (const tag of [...entry.tags, ...(softTags ?? [])]) {
    if ((revalidatedAt.get(tag) ?? -Infinity) >= entry.lastModified) return true;
  }
  return false;
}

/** Whether every flow the entry shows is the catalogue's live revision (no runtime: unchecked). */
function showsLiveFlows(entry) {
  if (entry.revisions.length === 0) return true;
  const runtime = runtimeSlot().runtime;
  if (!runtime) return true;
  return entry.revisions.every((revision) => runtime.isLiveFlowRevision(revision));
}

export default class PageCacheHandler {
  // One instance per request (Next's IncrementalCache); the entries are the module's.
  constructor(_options) {}

  async get(key, ctx) {
    const entry = entries.get(key);
    if (!entry) return null;
    if (expired(entry, ctx?.softTags) || !showsLiveFlows(entry)) {
      drop(key);
      return null;
    }
    // Most recently used last: eviction takes from the front.
    entries.delete(key);
    entries.set(key, entry);
    return {
      value: entry.value,
      lastModified: entry.lastModified,
      cacheControl: entry.cacheControl,
    };
  }

  async set(key, value, ctx) {
    if (building()) return;
    drop(key);
    const entry = {
      value,
      lastModified: Date.now(),
      cacheControl: ctx?.cacheControl,
      tags: tagsOf(value, ctx),
      revisions: flowRevisionsOf(value),
      bytes: sizeOf(value),
    };
    entries.set(key, entry);
    bytesHeld += entry.bytes;
    for (const oldest of entries.keys()) {
      if (bytesHeld <= PAGE_CACHE_BYTES || oldest === key) break;
      drop(oldest);
    }
  }

  async revalidateTag(tags) {
    const now = Date.now();
    for (const tag of [tags].flat()) revalidatedAt.set(tag, now);
  }

  resetRequestCache() {}
}
