import type { ErrorObject } from 'ajv/dist/2020.js';
import { flow, optionList } from './generated/schema-validators';
import { guessName } from './did-you-mean';
import { pointerSegments } from './json-pointer';
import type { Diagnostic, DiagnosticArgs, DiagnosticCode } from './types';

/*
 * JSON Schema validation of flow and option-list files, turned into diagnostics that name the
 * offending value (JSON pointer) and say how to fix it. The validators are ajv's standalone code,
 * generated from the schemas by scripts/generate-schema-validators.mjs: compiling them at runtime
 * would use `new Function`, which the studio's pages may not (their Content-Security-Policy has
 * no 'unsafe-eval'), and cost each server process its first half second. One definition serves
 * the server, the CLI and the browser.
 */

type Described = Pick<Diagnostic, 'pointer' | 'message' | 'hint' | 'fix'> & {
  code: DiagnosticCode;
  args?: DiagnosticArgs;
};

/** The code of a keyword that describe words the same way as the rest (ajv's own message). */
function codeOf(error: ErrorObject): { code: DiagnosticCode; args?: DiagnosticArgs } {
  const params = error.params as Record<string, unknown>;
  const limit = String(params.limit);
  switch (error.keyword) {
    case 'pattern':
      return { code: 'schema.pattern', args: { pattern: String(params.pattern) } };
    case 'type':
      return { code: 'schema.type', args: { type: String(params.type) } };
    case 'minLength':
      return limit === '1'
        ? { code: 'schema.empty' }
        : { code: 'schema.too-short', args: { limit } };
    case 'maxLength':
      return { code: 'schema.too-long', args: { limit } };
    case 'minItems':
    case 'minProperties':
      return { code: 'schema.too-few', args: { limit } };
    case 'minimum':
    case 'exclusiveMinimum':
      return { code: 'schema.too-small', args: { limit } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { code: 'schema.too-large', args: { limit } };
    case 'const':
      return { code: 'schema.const', args: { allowed: String(params.allowedValue) } };
    case 'uniqueItems':
      return { code: 'schema.repeated' };
    case 'oneOf':
    case 'anyOf':
      return { code: 'schema.no-form' };
    default:
      return { code: 'schema.invalid', args: { keyword: error.keyword } };
  }
}

function describe(error: ErrorObject): Described {
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
        code: 'schema.unknown-property',
        args: { property },
        ...(guess.fix && { fix: guess.fix }),
      };
    }
    case 'required':
      return {
        pointer: error.instancePath,
        message: `Missing property "${String(params.missingProperty)}"`,
        hint: `Add "${String(params.missingProperty)}"`,
        code: 'schema.missing-property',
        args: { property: String(params.missingProperty) },
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
        code: params.tagValue === undefined ? 'schema.kind-not-text' : 'schema.unknown-kind',
        args: {
          property: tag,
          allowed,
          ...(typeof params.tagValue === 'string' && { value: params.tagValue }),
        },
        ...(guess.fix && { fix: guess.fix }),
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      return {
        pointer: error.instancePath,
        message: `Must be one of: ${allowed.join(', ')}`,
        hint,
        code: 'schema.not-allowed',
        args: { allowed },
      };
    }
    default: {
      const message = error.message ?? 'is invalid';
      return {
        pointer: error.instancePath,
        message: message.charAt(0).toUpperCase() + message.slice(1),
        hint,
        ...codeOf(error),
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

/** The names of the items a pointer passes through, for the plain wording: `{ step: 'capital' }`. */
const ITEM_NAMES: Record<string, [string, string]> = {
  steps: ['step', 'id'],
  endings: ['ending', 'id'],
  fields: ['field', 'name'],
  submissions: ['form', 'formKey'],
  options: ['option', 'label'],
  branches: ['branch', ''],
  links: ['link', 'label'],
  buttons: ['button', 'label'],
};

/**
 * The args of a schema diagnostic: each item its pointer passes through, by its id or name (or
 * its number from 1 as `<noun>Number` when it has none), the property it names, and the value
 * found there when it is a text or a number.
 */
function pointerArgs(data: unknown, pointer: string): DiagnosticArgs {
  const args: DiagnosticArgs = {};
  const path = pointerSegments(pointer);
  let node: unknown = data;
  path.forEach((segment, i) => {
    node =
      node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
    if (typeof segment === 'string') {
      args.property = segment;
      return;
    }
    const parent = path[i - 1];
    const named = typeof parent === 'string' ? ITEM_NAMES[parent] : undefined;
    if (!named) return;
    const [noun, key] = named;
    const name =
      key && node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    if (typeof name === 'string') args[noun] = name;
    else args[`${noun}Number`] = String(segment + 1);
  });
  if (typeof node === 'string' || typeof node === 'number') args.value = String(node);
  return args;
}

function toDiagnostics(
  file: string,
  data: unknown,
  errors: ErrorObject[] | null | undefined,
): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const error of prune(errors ?? [])) {
    const described = describe(error);
    // What the keyword found (the property missing, the kinds allowed) wins over the pointer's.
    const args = { ...pointerArgs(data, error.instancePath), ...described.args };
    const d = { file, ...described, args };
    const key = `${d.pointer}\u0000${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

export function flowSchemaDiagnostics(file: string, data: unknown): Diagnostic[] {
  return flow(data) ? [] : toDiagnostics(file, data, flow.errors);
}

export function optionListSchemaDiagnostics(file: string, data: unknown): Diagnostic[] {
  return optionList(data) ? [] : toDiagnostics(file, data, optionList.errors);
}
