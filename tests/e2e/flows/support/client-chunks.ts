/** The built browser chunks of the build under test, and markers that only some code holds. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ajvMarkers = [
  'schema with key or id',
  'logger must implement log, warn and error methods',
  'ajv.removeSchema: invalid parameter',
];

/**
 * Texts only the flow studio's checks carry (ajv's generated validators, the JSON syntax
 * hints): in the build, for the studio, but never in what a visitor loads.
 */
export const studioCheckMarkers = [
  'must have required property',
  'JSON allows none after the last item',
];

export function clientChunkFiles(distDir = process.env.NEXT_DIST_DIR || '.next'): string[] {
  const root = path.join(distDir, 'static');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) out.push(full);
    }
  };
  walk(root);
  return out;
}

export function filesContaining(files: string[], marker: string): string[] {
  return files.filter((file) => readFileSync(file, 'utf8').includes(marker));
}
