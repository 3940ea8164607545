/**
 * The columns of the leads CSV (leads-csv.ts), gathered while its rows are read: the fixed ones
 * (who, when, where the lead stands), then one per question of each flow in the export, one per
 * hidden value, one per destination, and the page.
 *
 * An export that spans several flows is one table, rows in the order the leads arrived, each
 * question column headed "<flow id>: <question>". One header row is what a spreadsheet sorts,
 * filters and pivots on; a section per flow would break all three, and a union of unprefixed
 * headers would put two flows' "How much do you need?" (with different options) in one column.
 * Filtering the Flow column shows that flow's columns filled and the others blank. An export of
 * one flow needs no prefix.
 */
import { answerKeysOf, type ResolvedFlow } from '@/engine';

export interface CsvColumn {
  key: string;
  header: string;
}

/** The columns every lead has, in order. */
export const FIXED_COLUMNS = [
  { key: 'flow', header: 'Flow' },
  { key: 'version', header: 'Version' },
  { key: 'id', header: 'Lead id' },
  { key: 'submitted', header: 'Submitted (UTC)' },
  { key: 'received', header: 'Received (UTC)' },
  { key: 'status', header: 'Status' },
  { key: 'assignee', header: 'Assigned to' },
  { key: 'handledAt', header: 'Handled (UTC)' },
  { key: 'handledBy', header: 'Handled by' },
  { key: 'name', header: 'Name' },
  { key: 'email', header: 'E-mail' },
  { key: 'phone', header: 'Phone' },
] as const satisfies readonly CsvColumn[];

export type FixedColumn = (typeof FIXED_COLUMNS)[number]['key'];

export const PAGE_COLUMN: CsvColumn = { key: 'page', header: 'Page' };

/** A row's key for an answer, a hidden value and a destination ("\0" never appears in a name). */
export const answerKey = (flowId: string, field: string) => `answer\0${flowId}\0${field}`;
export const hiddenKey = (name: string) => `hidden\0${name}`;
export const destinationKey = (name: string) => `destination\0${name}`;

export class CsvColumns {
  /** The definitions the leads were read with, by flow id. */
  private readonly flows = new Map<string, ResolvedFlow[]>();
  /** Answer keys of leads whose flow version is gone, by flow id, in the order met. */
  private readonly rawKeys = new Map<string, Set<string>>();
  private readonly hidden = new Set<string>();
  private readonly destinations = new Set<string>();

  /** A lead read with this definition of its flow. */
  addFlow(flowId: string, flow: ResolvedFlow): void {
    const known = this.flows.get(flowId) ?? [];
    if (!known.includes(flow)) this.flows.set(flowId, [...known, flow]);
  }

  /** A lead read without its flow: its answers by their keys. */
  addRawKeys(flowId: string, keys: Iterable<string>): void {
    const known = this.rawKeys.get(flowId) ?? new Set<string>();
    for (const key of keys) known.add(key);
    this.rawKeys.set(flowId, known);
  }

  addHidden(names: Iterable<string>): void {
    for (const name of names) this.hidden.add(name);
  }

  addDestination(name: string): void {
    this.destinations.add(name);
  }

  /** Every column, in order. */
  columns(): CsvColumn[] {
    const flowIds = [...new Set([...this.flows.keys(), ...this.rawKeys.keys()])].sort();
    const prefix = (flowId: string) => (flowIds.length > 1 ? `${flowId}: ` : '');
    const answers = flowIds.flatMap((flowId) =>
      this.answerColumns(flowId).map(([field, question]) => ({
        key: answerKey(flowId, field),
        header: `${prefix(flowId)}${question}`,
      })),
    );
    // The flows' declared hidden values in their order, then any other a lead carries.
    const hidden = new Set(
      flowIds.flatMap((id) =>
        (this.flows.get(id) ?? []).flatMap((f) => f.hidden.map((h) => h.name)),
      ),
    );
    for (const name of this.hidden) hidden.add(name);
    return [
      ...FIXED_COLUMNS,
      ...answers,
      ...[...hidden].map((name) => ({ key: hiddenKey(name), header: name })),
      ...[...this.destinations].map((name) => ({ key: destinationKey(name), header: name })),
      PAGE_COLUMN,
    ];
  }

  /**
   * A flow's questions as [answer key, header], in step order: the newest version in the export
   * words each header, an older version adds the questions it alone asked, and the answer keys
   * of leads read without their version come last, headed by the key.
   */
  private answerColumns(flowId: string): [string, string][] {
    const columns = new Map<string, string>();
    const newestFirst = [...(this.flows.get(flowId) ?? [])].sort((a, b) => b.version - a.version);
    for (const flow of newestFirst) {
      for (const step of flow.steps) {
        for (const key of answerKeysOf(step)) {
          if (columns.has(key)) continue;
          const field =
            step.kind === 'choice' ? undefined : step.fields.find((f) => f.name === key);
          columns.set(key, field ? field.label : step.question);
        }
      }
    }
    for (const key of this.rawKeys.get(flowId) ?? []) if (!columns.has(key)) columns.set(key, key);
    return [...columns];
  }
}
