/**
 * The palette (site/styles/globals.css) keeps WCAG AA contrast (4.5:1 for body text) for every
 * pair of text and background colours the templates set together. A colour changed in the
 * stylesheet is checked here as it is written.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.resolve('site/styles/globals.css'), 'utf8');
const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
const palette = new Map(
  [...root.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((match) => [match[1]!, match[2]!]),
);

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

// [text, background]: body text, muted text, the accent's labels and counts, links on the
// mist sections, white on the navy bands and buttons; the status colours on white, on their pale
// backgrounds and under white toast text; the quiet text, eyebrow and stars on navy.
const pairs: [string, string][] = [
  ['ink', 'paper'],
  ['ink', 'mist'],
  ['ink', 'accent-soft'],
  ['ink-soft', 'paper'],
  ['ink-soft', 'mist'],
  ['ink-soft', 'accent-soft'],
  ['accent', 'paper'],
  ['accent', 'accent-soft'],
  ['brand', 'paper'],
  ['brand', 'mist'],
  ['paper', 'brand'],
  ['focus', 'paper'],
  ['ink-muted', 'paper'],
  ['ink-muted', 'mist'],
  ['error', 'paper'],
  ['error', 'mist'],
  ['error', 'error-soft'],
  ['paper', 'error'],
  ['ink', 'error-soft'],
  ['success', 'paper'],
  ['success', 'success-soft'],
  ['paper', 'success'],
  ['ink', 'success-soft'],
  ['warning', 'paper'],
  ['warning', 'warning-soft'],
  ['ink', 'warning-soft'],
  ['ink', 'highlight'],
  ['highlight', 'brand'],
  ['paper-soft', 'brand'],
  ['accent-on-brand', 'brand'],
  ['paper', 'brand-hover'],
];

describe('the palette', () => {
  it('defines every colour the pairs use', () => {
    for (const name of pairs.flat()) expect(palette.get(name), name).toMatch(/^#/);
  });

  it.each(pairs)('%s on %s reaches 4.5:1', (text, background) => {
    expect(contrast(palette.get(text)!, palette.get(background)!)).toBeGreaterThanOrEqual(4.5);
  });

  it('tells a failing pair from a passing one', () => {
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});
