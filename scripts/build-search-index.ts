// Builds the site search index into a build folder: run by `next build` itself (the
// runAfterProductionCompile hook in next.config.ts), so every build has one.
// Usage: tsx scripts/build-search-index.ts <build folder>
import { writeSearchIndex } from '@/site/search/search-index-file';

const distDir = process.argv[2];
if (!distDir) {
  console.error('Usage: tsx scripts/build-search-index.ts <build folder>');
  process.exit(2);
}
const started = performance.now();
const { file, documents, bytes } = await writeSearchIndex(distDir);
console.log(
  `Search index: ${documents} documents, ${(bytes / 1024).toFixed(0)} KiB, ` +
    `${(performance.now() - started).toFixed(0)} ms -> ${file}`,
);
