// `npm start`: serves the production build, building it first when none exists,
// so `npm install && npm start` works on a fresh clone.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { serve } from './serve.mjs';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const nextBin = path.join('node_modules', 'next', 'dist', 'bin', 'next');

if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
  console.log(`No production build in ${distDir}: building first.`);
  const result = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await serve({ port: Number(process.env.PORT || '3000') });
