/** A value in a stylesheet that bypasses the design tokens (see css-tokens.mjs). */
export interface CssLiteral {
  kind: 'colour' | 'spacing';
  line: number;
  property: string;
  /** The whole declared value. */
  value: string;
  /** The colour or length found in it. */
  literal: string;
}

export const TOKEN_FILE: string;
export function cssLiterals(css: string, options?: { definesTokens?: boolean }): CssLiteral[];
export function siteStylesheets(root: string): string[];
export function siteCssLiterals(root: string): (CssLiteral & { file: string })[];
