'use client';
/**
 * An upload field on react-dropzone, in the upload view's markup (upload-view): drop a file or
 * choose one. Type and size are checked here with a clear message; the server checks the bytes
 * again. Loaded lazily: only upload steps pull react-dropzone in.
 */
import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { messages, type ResolvedField } from '@/engine/client';
import { megabytes, typeList, uploadHint, UploadView } from './upload-view';

export interface FileInputProps {
  id: string;
  field: ResolvedField;
  /** The chosen file's name ('' when none). */
  value: string;
  onChange: (name: string) => void;
  onFile: (file: File | undefined) => void;
  /** The field's error (its text has the id `${id}-error`). */
  error?: string;
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

export default function FileInput({ id, field, value, onChange, onFile, error }: FileInputProps) {
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
  const describedBy = [error ? `${id}-error` : undefined, problem ? problemId : undefined];
  return (
    <UploadView
      root={getRootProps()}
      input={getInputProps({
        id,
        tabIndex: 0,
        'aria-describedby': describedBy.filter(Boolean).join(' ') || undefined,
        'aria-invalid': error !== undefined || problem !== null ? true : undefined,
        'aria-required': field.required ? true : undefined,
      })}
      hint={uploadHint(field)}
      chosen={value}
      remove={{
        label: field.label,
        name: field.name,
        onClick: () => {
          onFile(undefined);
          onChange('');
        },
      }}
      problem={problem ? { id: problemId, message: problem } : null}
      active={isDragActive}
      invalid={error !== undefined}
    />
  );
}
