import type { NameFix } from './types';

/** Edits (insert, delete, replace, swap two neighbours) between two words, case ignored. */
function distance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * "Did you mean …?" for a misspelt id, list, answer, property or kind: the one known name within
 * a typo's reach (one edit for short names, up to a third of the longer word: industry →
 * industries), as the opening words of a hint and as the fix it suggests; nothing when none is
 * close or two are equally close (a guess between two would mislead).
 */
export function guessName(word: string, known: Iterable<string>): { hint: string; fix?: NameFix } {
  let best: string | undefined;
  let bestDistance = Infinity;
  let tie = false;
  for (const name of new Set(known)) {
    if (name === word) continue;
    const d = distance(word, name);
    if (d < bestDistance) [best, bestDistance, tie] = [name, d, false];
    else if (d === bestDistance) tie = true;
  }
  if (best === undefined || tie) return { hint: '' };
  const reach = Math.max(1, Math.floor(Math.max(word.length, best.length) / 3));
  if (bestDistance > reach) return { hint: '' };
  return { hint: `Did you mean "${best}"? `, fix: { replace: word, with: best } };
}

/** `guessName`'s hint alone, for messages that offer no fix (the CLIs name a flow or a step). */
export function didYouMean(word: string, known: Iterable<string>): string {
  return guessName(word, known).hint;
}
