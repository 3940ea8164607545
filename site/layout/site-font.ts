/**
 * The site's typeface: Inter, a variable font (weights 100–900 in one file) self-hosted from the
 * @fontsource-variable/inter package through next/font/local: the Latin subset only (48 KiB),
 * preloaded, served from the site (no request leaves it), with `swap` and a fallback whose
 * metrics Next adjusts to Inter's, so text shows at once and does not shift when Inter arrives.
 */
import localFont from 'next/font/local';

export const siteFont = localFont({
  src: '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  preload: true,
  variable: '--font-sans',
  adjustFontFallback: 'Arial',
  fallback: ['system-ui', 'Arial', 'sans-serif'],
});
