// Finds the values in the site's stylesheets that bypass the design tokens of
// site/styles/globals.css: colours written as hex, rgb() or hsl(), and lengths written into a
// spacing property (margin, padding, gap, inset and the offsets) instead of a `--space-*` step.
// `node scripts/css-tokens.mjs` prints the counts per file; `--list` prints each value too.
// tests/unit/site/styles/css-tokens.test.ts keeps the count at zero, bar its short allow-list.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The one file that defines the tokens: its custom properties are the palette and the scales. */
export const TOKEN_FILE = 'site/styles/globals.css';

const colour = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\([^)]*\)/gi;
const spacingProperty =
  /^(?:(?:margin|padding|scroll-margin|scroll-padding)(?:-[a-z-]+)?|gap|row-gap|column-gap|inset(?:-[a-z-]+)?|top|right|bottom|left)$/;
const length = /(?<![\w.#-])-?(?:\d*\.\d+|\d+)(?:px|rem|em|vh|vw|vmin|vmax|svh|dvh|lvh|ch|ex)\b/gi;
// A declaration starts after `{` or `;` and ends at `;` or `}` (so selectors such as `a:hover {`
// and media queries are never read as one).
const declaration = /(?<=[{;]\s*)(--[\w-]+|[a-z-]+)\s*:\s*([^;{}]*?)\s*(?=[;}])/g;

/** Same-length blanks keep every offset, so line numbers stay right after masking. */
function blank(text) {
  return text.replace(/[^\n]/g, ' ');
}

/** Comments, strings and url(...) never hold a token's job (a data URI's `%23fff` is markup). */
function masked(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/url\((?:"[^"]*"|'[^']*'|[^)]*)\)/gi, blank)
    .replace(/"[^"\n]*"|'[^'\n]*'/g, blank);
}

/** A value with its var(...) calls removed, fallbacks included: only the literal rest counts. */
function withoutVars(value) {
  let rest = value;
  for (let before = ''; before !== rest;) {
    before = rest;
    rest = rest.replace(/var\([^()]*\)/g, ' ');
  }
  return rest;
}

/** 0, and a 1 px hairline (a border's nudge), are not spacing that a scale step could replace. */
function isSpacingLiteral(text) {
  return !/^-?0*\.?0+[a-z]+$/i.test(text) && !/^-?1px$/i.test(text);
}

/**
 * The literal colours and spacing lengths of one stylesheet, in order, with their line numbers.
 * In the token file, the custom properties' own values are the definitions and are skipped.
 *
 * @param {string} css
 * @param {{ definesTokens?: boolean }} [options]
 */
export function cssLiterals(css, options = {}) {
  const text = masked(css);
  const found = [];
  for (const match of text.matchAll(declaration)) {
    const [, property, value] = match;
    if (options.definesTokens && property.startsWith('--')) continue;
    const line = text.slice(0, match.index).split('\n').length;
    const literal = withoutVars(value);
    for (const [hit] of literal.matchAll(colour)) {
      found.push({ kind: 'colour', line, property, value: value.trim(), literal: hit });
    }
    if (!spacingProperty.test(property)) continue;
    for (const [hit] of literal.matchAll(length)) {
      if (isSpacingLiteral(hit)) {
        found.push({ kind: 'spacing', line, property, value: value.trim(), literal: hit });
      }
    }
  }
  return found;
}

function* cssFilesUnder(root, folder) {
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) yield* cssFilesUnder(root, relative);
    else if (entry.name.endsWith('.css')) yield relative;
  }
}

/** Every stylesheet of the site (app/ and site/), as paths relative to the repository. */
export function siteStylesheets(root) {
  return ['app', 'site'].flatMap((folder) => [...cssFilesUnder(root, folder)]).sort();
}

/** The literals of every stylesheet, each tagged with its file. */
export function siteCssLiterals(root) {
  return siteStylesheets(root).flatMap((file) =>
    cssLiterals(readFileSync(path.join(root, file), 'utf8'), {
      definesTokens: file === TOKEN_FILE,
    }).map((literal) => ({ file, ...literal })),
  );
}

function report(root, list) {
  const literals = siteCssLiterals(root);
  const rows = siteStylesheets(root).map((file) => {
    const own = literals.filter((literal) => literal.file === file);
    return {
      file,
      colour: own.filter((literal) => literal.kind === 'colour').length,
      spacing: own.filter((literal) => literal.kind === 'spacing').length,
    };
  });
  for (const { file, colour: colours, spacing } of rows) {
    console.log(`${String(colours).padStart(5)} ${String(spacing).padStart(7)}  ${file}`);
  }
  const total = (kind) => literals.filter((literal) => literal.kind === kind).length;
  console.log(
    `${String(total('colour')).padStart(5)} ${String(total('spacing')).padStart(7)}  total`,
  );
  console.log(
    '(colour: hex, rgb() and hsl() values; spacing: literal lengths in spacing properties)',
  );
  if (!list) return;
  for (const { file, line, kind, property, literal } of literals) {
    console.log(`${file}:${line}  ${kind}  ${property}: ${literal}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  report(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    process.argv.includes('--list'),
  );
}
