/**
 * A three-way merge of two edits of one text, line by line, as `git merge` makes it: each side's
 * changes from the common base (jsdiff's `diffArrays` over the lines), the changes of either side
 * applied where the other left the lines alone, a change both sides made alike taken once, and a
 * conflict wherever the two sides changed the same lines, or lines next to each other, differently.
 *
 * Not jsdiff's `applyPatch` of base → theirs onto mine: it places each hunk by its context lines,
 * so a change of mine beside one of theirs makes the hunk fail or, with fuzz, land elsewhere;
 * here both sides are placed by their lines in the base, which neither side moved.
 */
import { diffArrays } from 'diff';

export type MergeResult =
  | { ok: true; text: string }
  | {
      ok: false;
      /** Where the two sides changed the same lines: the first such line of each side's text. */
      conflicts: { mine: number; theirs: number }[];
    };

/** One side's change: the base's lines [start, end) replaced with `lines`. */
interface Change {
  start: number;
  end: number;
  lines: string[];
}

/** Lines with their ending kept, so that a last line without a newline stays so. */
const linesOf = (text: string) => (text === '' ? [] : text.split(/(?<=\n)/));

function changesFrom(base: string[], edited: string[]): Change[] {
  const changes: Change[] = [];
  let at = 0;
  let open: Change | undefined;
  for (const part of diffArrays(base, edited)) {
    if (!part.added && !part.removed) {
      open = undefined;
      at += part.value.length;
      continue;
    }
    if (!open) changes.push((open = { start: at, end: at, lines: [] }));
    if (part.removed) {
      open.end += part.value.length;
      at += part.value.length;
    } else open.lines.push(...part.value);
  }
  return changes;
}

/** Two changes overlap, or touch: git, too, refuses to merge edits of neighbouring lines. */
const meet = (a: Change, b: Change) => a.start <= b.end && b.start <= a.end;

const same = (a: Change[], b: Change[]) =>
  a.length === b.length &&
  a.every(
    (c, i) =>
      c.start === b[i]!.start && c.end === b[i]!.end && c.lines.join('') === b[i]!.lines.join(''),
  );

/** `mine` and `theirs` merged from `base`; the conflicts' places when they cannot be. */
export function mergeTexts(base: string, mine: string, theirs: string): MergeResult {
  if (mine === theirs || theirs === base) return { ok: true, text: mine };
  if (mine === base) return { ok: true, text: theirs };
  const baseLines = linesOf(base);
  const sides = [changesFrom(baseLines, linesOf(mine)), changesFrom(baseLines, linesOf(theirs))];
  const out: string[] = [];
  const conflicts: { mine: number; theirs: number }[] = [];
  // Each side's lines so far minus the base's: turns a base line into that side's line number.
  const shift = [0, 0];
  const next = [0, 0];
  let at = 0;
  for (;;) {
    const heads = [sides[0]![next[0]!], sides[1]![next[1]!]];
    if (!heads[0] && !heads[1]) break;
    // The cluster: the earliest change, with every change of either side it meets, transitively.
    const first = !heads[1] || (heads[0] && heads[0].start <= heads[1].start) ? 0 : 1;
    const cluster: Change[][] = [[], []];
    cluster[first]!.push(sides[first]![next[first]!++]!);
    let start = cluster[first]![0]!.start;
    let end = cluster[first]![0]!.end;
    for (let grew = true; grew;) {
      grew = false;
      for (const side of [0, 1]) {
        const change = sides[side]![next[side]!];
        if (change && meet(change, { start, end, lines: [] })) {
          cluster[side]!.push(change);
          next[side]!++;
          start = Math.min(start, change.start);
          end = Math.max(end, change.end);
          grew = true;
        }
      }
    }
    out.push(...baseLines.slice(at, start));
    const [ours, theirsCluster] = cluster as [Change[], Change[]];
    const taken = theirsCluster.length === 0 ? ours : ours.length === 0 ? theirsCluster : undefined;
    if (taken || same(ours, theirsCluster)) {
      // One side's changes (or both sides' alike): the base's lines between them stay.
      let from = start;
      for (const change of taken ?? ours) {
        out.push(...baseLines.slice(from, change.start), ...change.lines);
        from = change.end;
      }
      out.push(...baseLines.slice(from, end));
    } else {
      conflicts.push({ mine: start + shift[0]! + 1, theirs: start + shift[1]! + 1 });
    }
    for (const side of [0, 1])
      for (const change of cluster[side]!)
        shift[side]! += change.lines.length - (change.end - change.start);
    at = end;
  }
  if (conflicts.length > 0) return { ok: false, conflicts };
  out.push(...baseLines.slice(at));
  return { ok: true, text: out.join('') };
}
