/**
 * Every colour and every spacing length of the site's stylesheets comes from the tokens of
 * site/styles/globals.css (the palette, the status colours and the eight `--space-*` steps), so
 * the identity changes in one place. A hex, rgb() or hsl() colour, or a literal length in a
 * margin, padding, gap or offset, fails here unless the short list below says why it must stay.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssLiterals, siteCssLiterals } from '@/scripts/css-tokens.mjs';

interface Allowed {
  file: string;
  property: string;
  literal: string;
  reason: string;
}

const allowed: Allowed[] = [
  {
    file: 'site/pages/pages.css',
    property: 'top',
    literal: '6rem',
    reason: 'the sticky right column stops below the sticky header, whose height is not a step',
  },
  {
    file: 'site/pages/pages.css',
    property: 'scroll-margin-top',
    literal: '6rem',
    reason: 'an industry reached by its anchor lands below the sticky header',
  },
  {
    file: 'site/pages/pages.css',
    property: 'padding-inline',
    literal: '3vw',
    reason: 'the fluid middle of a clamp() whose ends are steps',
  },
  {
    file: 'site/shell/shell.css',
    property: 'top',
    literal: '-3rem',
    reason: 'parks the skip link above the page until it takes the focus',
  },
  {
    file: 'site/shell/shell.css',
    property: 'top',
    literal: '-6px',
    reason: "draws the menu icon's upper bar, in the icon's pixel grid",
  },
  {
    file: 'site/shell/shell.css',
    property: 'top',
    literal: '6px',
    reason: "draws the menu icon's lower bar, in the icon's pixel grid",
  },
];

type Located = Pick<Allowed, 'file' | 'property' | 'literal'>;
const same = (a: Located, b: Located) =>
  a.file === b.file && a.property === b.property && a.literal === b.literal;
const isAllowed = (literal: Located) => allowed.some((entry) => same(entry, literal));

const literals = siteCssLiterals(path.resolve('.'));

describe("the site's stylesheets", () => {
  it('write no colour outside the tokens', () => {
    const colours = literals.filter((literal) => literal.kind === 'colour' && !isAllowed(literal));
    expect(colours.map((c) => `${c.file}:${c.line} ${c.property}: ${c.literal}`)).toEqual([]);
  });

  it('space with the scale only, bar the listed exceptions', () => {
    const lengths = literals.filter((literal) => literal.kind === 'spacing' && !isAllowed(literal));
    expect(lengths.map((l) => `${l.file}:${l.line} ${l.property}: ${l.literal}`)).toEqual([]);
  });

  it('keep no exception that is no longer needed', () => {
    const stale = allowed.filter((entry) => !literals.some((literal) => same(entry, literal)));
    expect(stale).toEqual([]);
  });
});

describe('the literal finder', () => {
  it('finds loose colours and off-token spacing, and lets tokens, 0, hairlines and % pass', () => {
    const css = `
      .a:hover { color: #b3261e; background: rgb(16 33 58 / 45%); border-color: var(--line); }
      /* a comment's #fff and 2rem are not values */
      .b { padding: 0.6rem var(--space-4); margin: 0 -1px 1px 0; gap: 10%; }
      .c { background: url("data:image/svg+xml,%23fff") no-repeat; width: 3rem; }
      @media (min-width: 40rem) { .d { inset: 16px; top: calc(100% + var(--space-2, 1rem)); } }`;
    expect(
      cssLiterals(css).map(({ kind, property, literal }) => [kind, property, literal]),
    ).toEqual([
      ['colour', 'color', '#b3261e'],
      ['colour', 'background', 'rgb(16 33 58 / 45%)'],
      ['spacing', 'padding', '0.6rem'],
      ['spacing', 'inset', '16px'],
    ]);
  });

  it('reads the token file without its own definitions', () => {
    const css = ':root { --error: #a32020; --space-4: 1rem; } .x { color: #fff; }';
    expect(cssLiterals(css, { definesTokens: true }).map((found) => found.literal)).toEqual([
      '#fff',
    ]);
  });
});
