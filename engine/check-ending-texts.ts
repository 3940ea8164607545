import type { CheckContext } from './check-context';
import { guessName } from './did-you-mean';
import { BRAND_PLACEHOLDERS, holdsBraces, parseEndingText } from './ending-text';
import type { RawFlow } from './raw-flow';

/** A placeholder of a known computed value in an ending's text: what the path check reads. */
export interface ShownUse {
  ending: string;
  pointer: string;
  name: string;
  /** Offset of the name in the text as written. */
  at: number;
  /** The placeholder says what to show when the value is unknown (`{score|…}`). */
  hasFallback: boolean;
}

/**
 * The placeholders of screen endings' headings and paragraphs (README "Computed values"): a brace
 * left open and a name that is no computed value ("Did you mean …?", the corrected text as the
 * quick fix) are refused at their place. Read from the texts as written (`written`, before
 * `{brand}` is put in), so the line, the column and the fix match the file an editor holds.
 * Returns the placeholders of known values, for checkComputed's check of the paths to them.
 */
export function checkEndingTexts(ctx: CheckContext, written: RawFlow): ShownUse[] {
  const names = Object.keys(ctx.raw.computed ?? {});
  const uses: ShownUse[] = [];
  written.endings.forEach((ending, i) => {
    if (ending.kind !== 'screen') return;
    const texts = [
      { text: ending.heading, pointer: `/endings/${i}/heading` },
      ...(ending.body ?? []).map((text, j) => ({ text, pointer: `/endings/${i}/body/${j}` })),
    ];
    for (const { text, pointer } of texts) {
      if (text === undefined || !holdsBraces(text)) continue;
      const parsed = parseEndingText(text);
      if (!parsed.ok) {
        ctx.report(pointer, `Ending "${ending.id}": ${parsed.error.message}`, braceHint, {
          code: 'ending.unclosed-brace',
          args: { ending: ending.id },
          textOffset: parsed.error.at,
        });
        continue;
      }
      for (const part of parsed.parts) {
        if (typeof part === 'string' || BRAND_PLACEHOLDERS.has(part.name)) continue;
        if (names.includes(part.name)) {
          uses.push({
            ending: ending.id,
            pointer,
            name: part.name,
            at: part.nameAt,
            hasFallback: part.fallback !== undefined,
          });
          continue;
        }
        const guess = guessName(part.name, names);
        const corrected = guess.fix && {
          replace: text,
          with: `${text.slice(0, part.nameAt)}${guess.fix.with}${text.slice(part.nameAt + part.name.length)}`,
        };
        ctx.report(
          pointer,
          `Ending "${ending.id}" shows "${part.name}", which is no computed value`,
          `${guess.hint}Computed values: ${names.join(', ') || 'none'}; write {{ for a brace`,
          {
            code: 'ending.unknown-value',
            args: {
              ending: ending.id,
              name: part.name,
              known: names,
              ...(guess.fix && { suggestion: guess.fix.with }),
            },
            ...(corrected && { fix: corrected }),
            textOffset: part.nameAt,
          },
        );
      }
    }
  });
  return uses;
}

const braceHint =
  'A placeholder is a computed value in braces: {score}, or {score|words shown when it is unknown}';
