/**
 * Which parts of the flow JSON Schema describe the value at a place in a flow's text: what the
 * editor's completion and hover read. Only what schemas/flow.schema.json uses is followed (local
 * `$ref`, `properties`, `additionalProperties`, `items`, `oneOf`/`anyOf`), and a `discriminator`
 * (a step's or field's `kind`) narrows the alternatives to the one the text names, so a choice
 * step is offered a choice step's properties.
 */
import { findNodeAtLocation, type JSONPath, type Node } from 'jsonc-parser';

export type Schema = { readonly [keyword: string]: unknown };

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function resolveRef(root: Schema, ref: string): Schema | undefined {
  let at: unknown = root;
  for (const part of ref.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    at = isSchema(at) ? at[key] : undefined;
  }
  return isSchema(at) ? at : undefined;
}

/** The schema with its local `$ref`s followed; words written beside a `$ref` win over the target's. */
function deref(root: Schema, schema: Schema): Schema {
  let current = schema;
  const seen = new Set<string>();
  while (typeof current.$ref === 'string' && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    const { $ref, ...beside } = current;
    current = { ...resolveRef(root, $ref), ...beside };
  }
  return current;
}

/** The constant values a schema allows (`const`, `enum`). */
export function allowedValues(schema: Schema): unknown[] {
  if ('const' in schema) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : [];
}

/**
 * The forms a value may take: its schema, or each alternative of its oneOf/anyOf. With a
 * discriminator, `tagOf(property)` gives the value's own tag, and the alternatives allowing that
 * tag are kept (all of them while the tag matches none, e.g. half typed).
 */
function forms(root: Schema, schema: Schema, tagOf: (property: string) => unknown): Schema[] {
  const s = deref(root, schema);
  const alternatives = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null;
  if (!alternatives) return [s];
  const all = alternatives
    .filter(isSchema)
    .flatMap((a) => forms(root, a, tagOf))
    .map((a) => (a.description === undefined ? { ...a, description: s.description } : a));
  const property = isSchema(s.discriminator) ? s.discriminator.propertyName : undefined;
  if (typeof property !== 'string') return all;
  const tag = tagOf(property);
  const tagged = all.filter((a) => {
    const p = isSchema(a.properties) ? a.properties[property] : undefined;
    return isSchema(p) && allowedValues(deref(root, p)).includes(tag);
  });
  return tagged.length > 0 ? tagged : all;
}

function child(schema: Schema, segment: string | number): Schema | undefined {
  if (typeof segment === 'number') return isSchema(schema.items) ? schema.items : undefined;
  const own = isSchema(schema.properties) ? schema.properties[segment] : undefined;
  if (isSchema(own)) return own;
  return isSchema(schema.additionalProperties) ? schema.additionalProperties : undefined;
}

/**
 * The schemas (each a single form: `$ref` followed, alternatives split) that describe the value at
 * `path` in the document whose syntax tree is `tree`; none when the schema says nothing there.
 * With `anyTag`, a discriminator's own value (a step's `kind`) is described by every alternative,
 * not only the one written: what completing it offers.
 */
export function schemasAt(
  root: Schema,
  path: JSONPath,
  tree: Node | undefined,
  { anyTag = false } = {},
): Schema[] {
  const tagAt = (objectPath: JSONPath, next: string | number | undefined) => (property: string) =>
    (anyTag && property === next) || !tree
      ? undefined
      : (findNodeAtLocation(tree, [...objectPath, property])?.value as unknown);
  let current = forms(root, root, tagAt([], path[0]));
  path.forEach((segment, i) => {
    const here = path.slice(0, i + 1);
    current = current
      .map((s) => child(s, segment))
      .filter((s) => s !== undefined)
      .flatMap((s) => forms(root, s, tagAt(here, path[i + 1])));
  });
  return current;
}

/** The distinct descriptions of some schemas, in order. */
export function descriptionsOf(schemas: readonly Schema[]): string[] {
  return [
    ...new Set(schemas.map((s) => s.description).filter((d): d is string => typeof d === 'string')),
  ];
}
