/**
 * Completion from the flow JSON Schema at the cursor of a flow's text: the property names the
 * object may still have (a choice step's, once its `kind` says so), or the constant values the
 * value may take (`kind`, `mode`, `type`, `true`/`false`), each with its description. Pure over
 * jsonc-parser's tolerant parse, so a half-typed file still gets answers. Written for the studio
 * instead of codemirror-json-schema, which brings shiki, markdown-it and a WebAssembly grammar
 * engine along (its entry 281 KiB gzip against 121 KiB without it, plus language packs and
 * themes loaded on demand).
 *
 * A submission field's `name` is completed from HubSpot rather than the schema (which allows any
 * name): the fields of the HubSpot form its form key sends to, as the site last read it, each with
 * its label and type, leaving out the names the submission sends already.
 */
import { findNodeAtLocation, getLocation, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import type { HubSpotForms } from '@/engine/client';
import { allowedValues, descriptionsOf, schemasAt, type Schema } from './schema-at';

export interface SchemaOption {
  /** The name or value, as the list shows it. */
  label: string;
  kind: 'property' | 'value';
  /** The schema's description of it. */
  info?: string;
  /** A word beside the label in the list (a HubSpot field's label and type). */
  detail?: string;
  /** What is written: `"name"` for a property, the value's JSON for a value. */
  json: string;
}

export interface SchemaCompletion {
  /** Where the word being typed starts (after its opening quote): the list filters on it. */
  from: number;
  options: SchemaOption[];
}

/** The string token (a property name or a string value) the cursor is inside, if any. */
function stringAt(text: string, offset: number): Node | undefined {
  const token = getLocation(text, offset).previousNode;
  if (!token || (token.type !== 'string' && token.type !== 'property')) return undefined;
  const end = token.offset + token.length;
  const closed = token.length >= 2 && text[end - 1] === '"';
  return offset > token.offset && (offset < end || !closed) ? token : undefined;
}

const isCompletable = (text: string, offset: number) => {
  const previous = getLocation(text, offset).previousNode;
  return previous === undefined || stringAt(text, offset) !== undefined;
};

function propertyOptions(schema: Schema, path: (string | number)[], tree: Node | undefined) {
  const objectPath = path.slice(0, -1);
  const object = tree && (objectPath.length ? findNodeAtLocation(tree, objectPath) : tree);
  const typed = path.at(-1);
  const present = new Set(
    (object?.type === 'object' ? (object.children ?? []) : [])
      .map((p) => p.children?.[0]?.value as unknown)
      .filter((name) => name !== typed),
  );
  const options = new Map<string, SchemaOption>();
  for (const s of schemasAt(schema, objectPath, tree)) {
    for (const name of Object.keys((s.properties as object | undefined) ?? {})) {
      if (present.has(name) || options.has(name)) continue;
      const info = descriptionsOf(schemasAt(schema, [...objectPath, name], tree))[0];
      options.set(name, { label: name, kind: 'property', info, json: JSON.stringify(name) });
    }
  }
  return [...options.values()];
}

function valueOptions(schema: Schema, path: (string | number)[], tree: Node | undefined) {
  const options = new Map<string, SchemaOption>();
  for (const s of schemasAt(schema, path, tree, { anyTag: true })) {
    const values = s.type === 'boolean' ? [true, false] : allowedValues(s);
    for (const value of values) {
      const json = JSON.stringify(value);
      if (options.has(json)) continue;
      const info = typeof s.description === 'string' ? s.description : undefined;
      options.set(json, { label: String(value), kind: 'value', info, json });
    }
  }
  return [...options.values()];
}

/** At `/submissions/i/fields/j/name`: the fields of the form key's HubSpot form not sent yet. */
function hubspotFieldOptions(
  path: JSONPath,
  tree: Node | undefined,
  forms: HubSpotForms,
): SchemaOption[] | undefined {
  const [top, s, list, j, property] = path;
  if (path.length !== 5 || top !== 'submissions' || list !== 'fields' || property !== 'name')
    return undefined;
  if (!tree || typeof s !== 'number' || typeof j !== 'number') return undefined;
  const formKey: unknown = findNodeAtLocation(tree, ['submissions', s, 'formKey'])?.value;
  const form = typeof formKey === 'string' ? forms[formKey] : undefined;
  if (!form) return undefined;
  const sent = new Set(
    (findNodeAtLocation(tree, ['submissions', s, 'fields'])?.children ?? [])
      .filter((_, k) => k !== j)
      .map((field) => findNodeAtLocation(field, ['name'])?.value as unknown),
  );
  return form.fields
    .filter((field) => !sent.has(field.name))
    .map((field) => ({
      label: field.name,
      kind: 'value',
      detail: `${field.label} · ${field.fieldType}`,
      info:
        `A field of HubSpot form "${form.name}"` +
        (field.required ? ', required' : '') +
        (field.hidden ? ', hidden' : '') +
        (field.options ? `; its values: ${field.options.join(', ')}` : ''),
      json: JSON.stringify(field.name),
    }));
}

/**
 * What may be written at `offset`; null when the schema offers nothing there. `hubspot`: the
 * HubSpot forms' definitions, by form key, for a submission field's name.
 */
export function completeAt(
  schema: Schema,
  text: string,
  offset: number,
  hubspot: HubSpotForms = {},
): SchemaCompletion | null {
  if (!isCompletable(text, offset)) return null;
  const location = getLocation(text, offset);
  const tree = parseTree(text);
  const options = location.isAtPropertyKey
    ? propertyOptions(schema, location.path, tree)
    : (hubspotFieldOptions(location.path, tree, hubspot) ??
      valueOptions(schema, location.path, tree));
  if (options.length === 0) return null;
  const token = stringAt(text, offset);
  return { from: token ? token.offset + 1 : offset, options };
}

/**
 * The edit that writes `option` at `offset`: the whole string token being typed is replaced
 * (quotes included), and a property name gets its `: ` unless one follows already.
 */
export function completionEdit(
  option: SchemaOption,
  text: string,
  offset: number,
): { from: number; to: number; insert: string } {
  const token = stringAt(text, offset);
  const from = token ? token.offset : offset;
  const to = token ? token.offset + token.length : offset;
  const colon = option.kind === 'property' && !/^\s*:/.test(text.slice(to));
  return { from, to, insert: colon ? `${option.json}: ` : option.json };
}
