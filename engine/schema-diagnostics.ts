import type { ErrorObject } from 'ajv/dist/2020.js';
import { flow, optionList } from './generated/schema-validators';
import { guessName } from './did-you-mean';
import type { Diagnostic } from './types';

/*
 * JSON Schema validation of flow and option-list files, turned into diagnostics that name the
 * offending value (JSON pointer) and say how to fix it. The validators are ajv's standalone code,
 * generated from the schemas by scripts/generate-schema-validators.mjs: compiling them at runtime
 * would use `new Function`, which the studio's pages may not (their Content-Security-Policy has
 * no 'unsafe-eval'), and cost each server process its first half second. One definition serves
 * the server, the CLI and the browser.
 */

function describe(error: ErrorObject): Pick<Diagnostic, 'pointer' | 'message' | 'hint' | 'fix'> {
  const parent = error.parentSchema as
    { description?: string; oneOf?: unknown[]; properties?: Record<string, unknown> } | undefined;
  const hint = parent?.description ?? 'See schemas/flow.schema.json';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const property = String(params.additionalProperty);
      const guess = guessName(property, Object.keys(parent?.properties ?? {}));
      return {
        pointer: `${error.instancePath}/${property}`,
        message: `Unknown property "${property}"`,
        hint: `${guess.hint}Remove it or check its spelling`,
        ...(guess.fix && { fix: guess.fix }),
      };
    }
    case 'required':
      return {
        pointer: error.instancePath,
        message: `Missing property "${String(params.missingProperty)}"`,
        hint: `Add "${String(params.missingProperty)}"`,
      };
    case 'discriminator': {
      const tag = String(params.tag);
      const allowed = (parent?.oneOf ?? []).flatMap((s) => {
        const p = (s as { properties?: Record<string, { const?: string; enum?: string[] }> })
          .properties?.[tag];
        return p?.const !== undefined ? [p.const] : (p?.enum ?? []);
      });
      const guess =
        typeof params.tagValue === 'string' ? guessName(params.tagValue, allowed) : { hint: '' };
      return {
        pointer: `${error.instancePath}/${tag}`,
        message:
          params.tagValue === undefined
            ? `"${tag}" must be a string`
            : `Unknown ${tag} ${JSON.stringify(params.tagValue)}`,
        hint: `${guess.hint}Use one of: ${allowed.join(', ')}`,
        ...(guess.fix && { fix: guess.fix }),
      };
    }
    case 'enum':
      return {
        pointer: error.instancePath,
        message: `Must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`,
        hint,
      };
    default: {
      const message = error.message ?? 'is invalid';
      return {
        pointer: error.instancePath,
        message: message.charAt(0).toUpperCase() + message.slice(1),
        hint,
      };
    }
  }
}

/**
 * Keeps the errors a person can act on. When a value matches none of a oneOf/anyOf's forms,
 * ajv reports every form's complaint: if one form got further (errors deeper inside the value),
 * only those are kept, otherwise a single "not any of the allowed forms" error remains.
 */
function prune(errors: ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  for (const e of errors) {
    if (e.keyword !== 'oneOf' && e.keyword !== 'anyOf') continue;
    const inner = errors.filter((x) => x !== e && x.schemaPath.startsWith(`${e.schemaPath}/`));
    const deeper = inner.filter((x) => x.instancePath.length > e.instancePath.length);
    if (deeper.length > 0) {
      dropped.add(e);
      for (const x of inner) if (!deeper.includes(x)) dropped.add(x);
    } else {
      for (const x of inner) dropped.add(x);
      e.message = 'matches none of the allowed forms';
    }
  }
  return errors.filter((e) => !dropped.has(e));
}

function toDiagnostics(file: string, errors: ErrorObject[] | null | undefined): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const error of prune(errors ?? [])) {
    const d = { file, ...describe(error) };
    const key = `${d.pointer}\u0000${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

export function flowSchemaDiagnostics(file: string, data: unknown): Diagnostic[] {
  return flow(data) ? [] : toDiagnostics(file, flow.errors);
}

export function optionListSchemaDiagnostics(file: string, data: unknown): Diagnostic[] {
  return optionList(data) ? [] : toDiagnostics(file, optionList.errors);
}
