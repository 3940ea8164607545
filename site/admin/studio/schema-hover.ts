/**
 * What the flow JSON Schema says of the property name or value under the pointer in a flow's
 * text: its description (the same words editors show for `"$schema"`-linked files) and, for a
 * property with a fixed set of values, those values. Pure: the editor draws it.
 */
import { findNodeAtOffset, getNodePath, parseTree, type JSONPath } from 'jsonc-parser';
import { allowedValues, descriptionsOf, schemasAt, type Schema } from './schema-at';

export interface SchemaHover {
  /** The word hovered (its offsets, quotes included). */
  from: number;
  to: number;
  /** The property's name, or the value as written. */
  name: string;
  descriptions: string[];
  /** A property's allowed values, when it has a fixed set. */
  values: string[];
}

export function hoverAt(schema: Schema, text: string, offset: number): SchemaHover | null {
  const tree = parseTree(text);
  const node = tree && findNodeAtOffset(tree, offset);
  if (!node || node.type === 'object' || node.type === 'array' || node.type === 'property')
    return null;
  const property = node.parent?.type === 'property' ? node.parent : undefined;
  const isKey = property?.children?.[0] === node;
  const path: JSONPath = isKey
    ? [...getNodePath(property.parent!), node.value as string]
    : getNodePath(node);
  const schemas = schemasAt(schema, path, tree);
  const descriptions = descriptionsOf(schemas);
  if (descriptions.length === 0) return null;
  // A step's `kind` is described as the kind written, but may be any kind.
  const values = isKey
    ? [...new Set(schemasAt(schema, path, tree, { anyTag: true }).flatMap(allowedValues))]
    : [];
  return {
    from: node.offset,
    to: node.offset + node.length,
    name: isKey ? String(node.value) : text.slice(node.offset, node.offset + node.length),
    descriptions,
    values: values.map(String),
  };
}
