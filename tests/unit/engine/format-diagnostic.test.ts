/** Which diagnostics are errors (isErrorDiagnostic, engine/format-diagnostic.ts). */
import { describe, expect, it } from 'vitest';
import { isErrorDiagnostic, type Diagnostic } from '@/engine/client';

const d = (severity?: 'warning'): Diagnostic => ({
  file: 'client.json',
  pointer: '/steps/0',
  message: 'Something',
  hint: 'Fix it',
  ...(severity && { severity }),
});

describe('isErrorDiagnostic', () => {
  it('takes a diagnostic without a severity for an error, a warning not', () => {
    expect(isErrorDiagnostic(d())).toBe(true);
    expect(isErrorDiagnostic(d('warning'))).toBe(false);
  });
});
