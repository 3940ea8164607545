'use client';
/**
 * A visual editor's control with its label beside it (`for`/`id`, not around it): a label around
 * a select or an input would put the options or the value in the control's accessible name.
 */
import { useId, type ReactNode } from 'react';

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
