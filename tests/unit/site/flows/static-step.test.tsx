// @vitest-environment jsdom
/**
 * The server-rendered opening step must look and read exactly like the renderer that replaces
 * it, or the swap would be visible (a jump, a changed label) and a screen reader would hear two
 * different forms. For every flow in flows/, both renderings are reduced to what a visitor
 * meets — element, classes, id, label wiring, type, text — and compared. next/navigation is
 * replaced because no Next app router runs here.
 */
import { cleanup, render } from '@testing-library/react';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFlows } from '@/engine';
import { FlowRenderer } from '@/site/flows/flow-renderer';
import { StaticStep } from '@/site/flows/static-step';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: () => undefined }),
  usePathname: () => '/',
}));

const { flows } = loadFlows(path.join(process.cwd(), 'flows'), {
  brandName: 'Sample Firm',
  brandSlug: 'samplefirm',
});

afterEach(cleanup);

const kept = [
  'class',
  'id',
  'for',
  'type',
  'role',
  'aria-label',
  'aria-pressed',
  'aria-required',
  'inputmode',
  'autocomplete',
  'placeholder',
  'tabindex',
  'rows',
];

/** One line per element: tag, the attributes a visitor or assistive technology meets, own text. */
function outline(root: Element): string[] {
  const lines: string[] = [];
  const walk = (el: Element, depth: number) => {
    const attrs = kept
      .filter((name) => el.hasAttribute(name))
      .map((name) => `${name}=${el.getAttribute(name)}`)
      .join(' ');
    const text = [...el.childNodes]
      .filter((n) => n.nodeType === 3)
      .map((n) => n.textContent?.trim())
      .join('');
    lines.push(`${'  '.repeat(depth)}${el.tagName.toLowerCase()} ${attrs} ${text}`.trimEnd());
    for (const child of el.children) walk(child, depth + 1);
  };
  walk(root, 0);
  return lines;
}

/** The upload field differs on purpose: a native file input first, react-dropzone after. */
const opensOnUpload = (id: string) =>
  flows[id]!.steps.some(
    (s) =>
      s.id === flows[id]!.start && s.kind !== 'choice' && s.fields.some((f) => f.type === 'file'),
  );

describe('the server-rendered opening step', () => {
  const ids = Object.keys(flows).filter((id) => !opensOnUpload(id));

  it('covers the site flows', () => {
    expect(ids.length).toBeGreaterThanOrEqual(10);
  });

  for (const id of ids) {
    it(`${id}: matches the renderer's first render element for element`, () => {
      const flow = flows[id]!;
      const statik = render(<StaticStep flow={flow} start={null} headingLevel={3} label="Form" />);
      const staticOutline = outline(statik.container);
      cleanup();
      const live = render(<FlowRenderer flow={flow} headingLevel={3} label="Form" />);
      expect(staticOutline).toEqual(outline(live.container));
    });
  }
});
