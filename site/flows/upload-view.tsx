/**
 * The markup of an upload field's control: a drop area around the real file input (which stays
 * in the tab order and carries the label), a hint or the chosen file's name, a Remove button and
 * the reason a file was refused. The server renders it around a native file input (field-view);
 * the browser's file-input renders it with react-dropzone's props.
 */
import type { HTMLAttributes, InputHTMLAttributes } from 'react';
import type { ResolvedField } from '@/engine/client';
import type { ControlName } from './step-frame';

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

export interface UploadViewProps {
  /** The drop area's props (react-dropzone's root props in the browser). */
  root?: HTMLAttributes<HTMLDivElement>;
  input: InputHTMLAttributes<HTMLInputElement>;
  hint: string;
  /** The chosen file's name. */
  chosen?: string;
  /** Removes the chosen file: the button's words name what it removes. */
  remove?: { label: string; name: string; onClick: () => void };
  /** Why the file just dropped or chosen was refused. */
  problem?: { id: string; message: string } | null;
  active?: boolean;
  invalid?: boolean;
}

export function UploadView({
  root,
  input,
  hint,
  chosen,
  remove,
  problem,
  active,
  invalid,
}: UploadViewProps) {
  const className = `dropzone${active ? ' dropzone--active' : ''}${invalid || problem ? ' dropzone--invalid' : ''}`;
  return (
    <div {...root} className={className}>
      <input {...input} type="file" />
      <p className="dropzone__hint">
        {chosen ? (
          <>
            Chosen: <strong>{chosen}</strong>
          </>
        ) : (
          hint
        )}
      </p>
      {chosen && remove ? (
        <button
          type="button"
          className="link-button"
          data-control={`remove:${remove.name}` satisfies ControlName}
          onClick={(event) => {
            event.stopPropagation();
            remove.onClick();
          }}
        >
          Remove {remove.label.toLowerCase()}
        </button>
      ) : null}
      {problem ? (
        <p id={problem.id} className="field__error" role="alert">
          {problem.message}
        </p>
      ) : null}
    </div>
  );
}
