/**
 * Markup shared by the interactive renderer and the server-rendered first step (static-step):
 * ids, labels and autofill hints. No hooks and no 'use client', so a server component can use
 * it without shipping it, and the two renderings of a field cannot drift apart.
 */
import type { ResolvedField } from '@/engine/client';

export function fieldId(flowId: string, name: string): string {
  return `flow-${flowId}-${name}`;
}

/** Autofill hints (WCAG 1.3.5) for the fields the flows ask. */
export function autoComplete(field: ResolvedField): string | undefined {
  const byType: Partial<Record<ResolvedField['type'], string>> = {
    fullName: 'name',
    email: 'email',
    phone: 'tel-national',
    url: 'url',
  };
  const byName: Record<string, string> = {
    firstname: 'given-name',
    lastname: 'family-name',
    company: 'organization',
    jobtitle: 'organization-title',
    city: 'address-level2',
    company_country: 'country-name',
  };
  return byType[field.type] ?? byName[field.name];
}

/** The `type` of a single-line text input for a field. */
export function textInputType(field: ResolvedField): 'email' | 'url' | 'text' {
  return field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : 'text';
}

function OptionalMark({ field }: { field: ResolvedField }) {
  return field.required ? null : <span className="field__optional"> (optional)</span>;
}

export function FieldLabel({ id, field }: { id: string; field: ResolvedField }) {
  return (
    <label className="field__label" htmlFor={id}>
      {field.label}
      <OptionalMark field={field} />
    </label>
  );
}

/** The legend of a group of checkboxes (a multiple-choice field). */
export function FieldLegend({ field }: { field: ResolvedField }) {
  return (
    <legend className="field__label">
      {field.label}
      <OptionalMark field={field} />
    </legend>
  );
}

/** The wording of the submit button of a step (and its busy state). */
export function submitText(submitLabel: string | undefined, busy = false): string {
  return busy ? 'Sending…' : (submitLabel ?? 'Next');
}

/** "PDF, DOCX, JPG or PNG" from a file field's accepted types. */
export function typeList(field: ResolvedField): string {
  const names = [
    ...new Set(
      Object.values(field.accept ?? {})
        .flat()
        .map((e) => e.slice(1).toUpperCase()),
    ),
  ].filter((n) => n !== 'JPEG');
  return names.length > 1
    ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
    : (names[0] ?? '');
}

export function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/** What an empty upload field says it takes. */
export function uploadHint(field: ResolvedField): string {
  const size = field.maxBytes ? `, at most ${megabytes(field.maxBytes)}` : '';
  return `Drop a file here or click to choose one (${typeList(field)}${size}).`;
}
