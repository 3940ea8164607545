import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateAnswers } from '@/engine/client';
import { repoFlows } from './load-repo-flows';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

type Schema = { [key: string]: unknown };

/** Every schema under a `properties` keyword, with its path. */
function properties(node: unknown, path: string, out: [string, Schema][] = []) {
  if (Array.isArray(node)) node.forEach((n, i) => properties(n, `${path}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Schema)) {
      if (key === 'properties') {
        for (const [name, sub] of Object.entries(value as Schema)) {
          out.push([`${path}/properties/${name}`, sub as Schema]);
        }
      }
      properties(value, `${path}/${key}`, out);
    }
  }
  return out;
}

describe('the authoring contract', () => {
  it.each(['schemas/flow.schema.json', 'schemas/option-list.schema.json'])(
    '%s describes every property (editors show it on hover)',
    (file) => {
      const schema = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Schema;
      const undocumented = properties(schema, '')
        .filter(([, sub]) => typeof sub.description !== 'string' || sub.description === '')
        .map(([path]) => path);
      expect(undocumented).toEqual([]);
    },
  );
});

describe('the engine as the browser gets it', () => {
  it('a resolved flow survives JSON (server → client component props) and still validates', () => {
    const { flows } = repoFlows();
    for (const flow of Object.values(flows)) {
      const copy = JSON.parse(JSON.stringify(flow)) as typeof flow;
      expect(copy).toEqual(flow);
    }
    const grants = JSON.parse(JSON.stringify(flows.grants)) as NonNullable<typeof flows.grants>;
    expect(validateAnswers(grants, { orgType: 'For-profit' })).toMatchObject({ ok: false });
  });
});
