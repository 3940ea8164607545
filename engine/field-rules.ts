import type { ResolvedField } from './types';

/*
 * The field rules of flows.md ("Contact fields") as plain data and functions: field-schema.ts
 * builds the zod schemas from them, and the renderer shows the same messages for checks it
 * makes itself (a file's type as it is dropped, a choice left blank).
 */

// Typographic apostrophes (’) count as apostrophes: phones type them.
export const FULL_NAME = /^[\p{L}\p{M}'\u2019 .-]+$/u;
// Practical e-mail shape: one @, no spaces, a dot in the domain (HubSpot does the deep check).
export const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const MASKED_PHONE = /^\(\d{3}\) \d{3}-\d{4}$/;
export const DIGITS_PHONE = /^\d{10}$/;
export const TEXT_MAX = 500;
export const TEXTAREA_MAX = 5000;

export const messages = {
  required: (label: string) => `${label} is required`,
  invalidEmail: 'This is not a valid email',
  nameCharacters: (label: string) =>
    `${label} can only contain letters, spaces, apostrophes and hyphens`,
  nameLength: (label: string) => `${label} must be between 2 and 100 characters`,
  phoneDigits: (label: string) => `${label} must have exactly 10 digits`,
  invalidUrl: 'This is not a valid URL',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  notAnOption: (label: string) => `${label}: choose one of the listed options`,
  chooseAnswer: 'Please choose an answer',
  fileType: (label: string, types: string) => `${label} must be a ${types} file`,
};

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export function extensionsOf(field: ResolvedField): string[] {
  return Object.values(field.accept ?? {}).flat();
}

/** ".pdf", ".docx", ".jpg" → "PDF, DOCX or JPG" */
export function describeFileTypes(extensions: string[]): string {
  const names = [...new Set(extensions.map((e) => e.slice(1).toUpperCase()))];
  return names.length > 1
    ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
    : (names[0] ?? '');
}
