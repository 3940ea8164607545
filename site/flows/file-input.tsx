'use client';
/**
 * An upload field on react-dropzone: drop a file or choose one (the real file input stays in
 * the tab order and carries the label). Type and size are checked here with a clear message;
 * the server checks the bytes again. Loaded lazily: only upload steps pull react-dropzone in.
 */
import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { messages, type ResolvedField } from '@/engine/client';
import { megabytes, typeList, uploadHint } from './field-markup';

export interface FileInputProps {
  id: string;
  field: ResolvedField;
  /** The chosen file's name ('' when none). */
  value: string;
  onChange: (name: string) => void;
  onFile: (file: File | undefined) => void;
  describedBy?: string;
  invalid: boolean;
}

function rejectionMessage(field: ResolvedField, rejection: FileRejection): string {
  const code = rejection.errors[0]?.code;
  if (code === 'file-too-large' && field.maxBytes) {
    return `${field.label} must be at most ${megabytes(field.maxBytes)} (this file is ${megabytes(rejection.file.size)})`;
  }
  if (code === 'file-invalid-type') return messages.fileType(field.label, typeList(field));
  if (code === 'too-many-files') return `${field.label} takes one file`;
  return rejection.errors[0]?.message ?? `${field.label} cannot be used`;
}

export default function FileInput(props: FileInputProps) {
  const { id, field, value, onChange, onFile, describedBy, invalid } = props;
  const [problem, setProblem] = useState<string | null>(null);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: field.accept,
    maxSize: field.maxBytes,
    multiple: false,
    noKeyboard: true,
    onDrop: (accepted, rejected) => {
      const first = rejected[0];
      if (first) {
        setProblem(rejectionMessage(field, first));
        onFile(undefined);
        onChange('');
        return;
      }
      const file = accepted[0];
      setProblem(null);
      onFile(file);
      onChange(file?.name ?? '');
    },
  });
  const problemId = `${id}-problem`;
  return (
    <div
      {...getRootProps({
        className: `dropzone${isDragActive ? ' dropzone--active' : ''}${invalid || problem ? ' dropzone--invalid' : ''}`,
      })}
    >
      <input
        {...getInputProps({
          id,
          tabIndex: 0,
          'aria-describedby':
            [describedBy, problem ? problemId : undefined].filter(Boolean).join(' ') || undefined,
          'aria-invalid': invalid || problem !== null ? true : undefined,
        })}
      />
      <p className="dropzone__hint">
        {value ? (
          <>
            Chosen: <strong>{value}</strong>
          </>
        ) : (
          uploadHint(field)
        )}
      </p>
      {value ? (
        <button
          type="button"
          className="link-button"
          onClick={(event) => {
            event.stopPropagation();
            onFile(undefined);
            onChange('');
          }}
        >
          Remove {field.label.toLowerCase()}
        </button>
      ) : null}
      {problem ? (
        <p id={problemId} className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
