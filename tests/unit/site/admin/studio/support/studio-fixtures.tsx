/**
 * What the studio's component tests share: the client flow's text and the shared option lists it
 * uses, as the studio page hands them to `FlowStudio`, and the studio rendered on it. The editor
 * is a textarea there: each test file mocks its module with ./plain-editor.tsx.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FlowStudio, type FlowStudioProps } from '@/site/admin/studio/flow-studio';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

export const client = readFileSync(join(FLOWS_DIR, 'client.json'), 'utf8');

export const optionLists = Object.fromEntries(
  ['industries', 'revenue-bands', 'services'].map((id) => [
    id,
    JSON.parse(readFileSync(join(FLOWS_DIR, 'options', `${id}.json`), 'utf8')) as unknown,
  ]),
);

/**
 * The studio on the client flow, published as version 3 and no draft (the editor a textarea):
 * the editor, typing a whole text into it, and its text now. `props`: what the page would hand
 * it besides (the deployment's `linkHosts`).
 */
export function renderClientStudio(props: Partial<FlowStudioProps> = {}) {
  render(
    <FlowStudio
      flowId="client"
      published={{ source: client, version: 3 }}
      optionLists={optionLists}
      vars={VARS}
      csrf="token"
      {...props}
    />,
  );
  const editor = screen.getByRole('textbox', { name: 'The client flow as JSON' });
  return {
    editor,
    type: (text: string) => fireEvent.change(editor, { target: { value: text } }),
    text: () => (editor as HTMLTextAreaElement).value,
  };
}

/** jsdom has no modal dialogs: opening one is enough for these tests (call in beforeAll). */
export function polyfillDialogs(): void {
  for (const [name, open] of [
    ['showModal', true],
    ['close', false],
  ] as const) {
    if (name in HTMLDialogElement.prototype) continue;
    Object.defineProperty(HTMLDialogElement.prototype, name, {
      configurable: true,
      value(this: HTMLDialogElement) {
        this.open = open;
      },
    });
  }
}
