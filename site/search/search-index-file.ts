/**
 * The search index as a build artifact: `next build` writes it into the build folder (the
 * `runAfterProductionCompile` hook in next.config.ts runs scripts/build-search-index.ts), and
 * each server process loads it instead of re-reading and re-indexing every page.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getContentSource } from '@/site/content/get-content-source';
import { createSiteSearch, loadSiteSearch, serializeSiteSearch } from './site-search';

export const SEARCH_INDEX_FILE = 'search-index.json';

/** Where the index of the build in `distDir` lives (relative folders resolve from the project). */
export function searchIndexPath(distDir: string): string {
  return path.resolve(distDir, SEARCH_INDEX_FILE);
}

/** Indexes the content source's search documents and saves the index into `distDir`. */
export async function writeSearchIndex(distDir: string) {
  const documents = await getContentSource().searchDocuments();
  const json = serializeSiteSearch(createSiteSearch(documents));
  const file = searchIndexPath(distDir);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, json);
  return { file, documents: documents.length, bytes: Buffer.byteLength(json) };
}

/** The saved index of the build in `distDir`. */
export async function readSearchIndex(distDir: string) {
  return loadSiteSearch(await readFile(searchIndexPath(distDir), 'utf8'));
}
