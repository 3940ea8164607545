'use client';
/**
 * A visual editor's control with its label beside it (`for`/`id`, not around it): a label around
 * a select or an input would put the options or the value in the control's accessible name.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export function Labelled({
  label,
  children,
}: {
  label: ReactNode;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <span>
      <label htmlFor={id}>{label}</label> {children(id)}
    </span>
  );
}

/** A text input, labelled: `onChange` receives the new value. */
export function LabelledInput({
  label,
  onChange,
  ...input
}: { label: ReactNode; value: string; onChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange'
>) {
  return (
    <Labelled label={label}>
      {(id) => <input id={id} {...input} onChange={(e) => onChange(e.target.value)} />}
    </Labelled>
  );
}
