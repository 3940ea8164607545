/**
 * Endings that send visitors to another site (engine/check-ending-links.ts): every link, button
 * and redirect is read as a browser reads it, so a path that leads elsewhere (`//host`, `/\host`,
 * a tab inside `/ /host`) is seen as the other site it is; a host the deployment does not list
 * is a warning at its line and JSON pointer, or an error when the list is enforced.
 */
import { describe, expect, it } from 'vitest';
import { loadFlowFromText, type LinkHosts } from '@/engine';
import { followUpFlow } from './support/follow-up-flow';
import { VARS } from './load-repo-flows';

/** A small flow whose one ending is `ending`, as a file's text (one property per line). */
function flowText(ending: Record<string, unknown>): string {
  const flow = followUpFlow(1);
  flow.id = 'quiz';
  flow.endings = [{ id: 'done', submits: true, ...ending }];
  return JSON.stringify(flow, null, 2);
}

const screen = (links: string[], buttons: string[] = []) => ({
  kind: 'screen',
  heading: 'Thanks',
  links: links.map((href, i) => ({ label: `Link ${i}`, href })),
  buttons: buttons.map((href, i) => ({ label: `Button ${i}`, href })),
});

function check(ending: Record<string, unknown>, linkHosts?: LinkHosts) {
  const text = flowText(ending);
  return { text, ...loadFlowFromText({ file: 'quiz.json', text, vars: VARS, linkHosts }) };
}

/** The line (from 1) of the first line of `text` holding `needle`. */
const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((line) => line.includes(needle)) + 1;

describe('endings that leave the site', () => {
  it('warns of a link to another host, at its line and pointer, and the flow still loads', () => {
    const { text, flow, diagnostics } = check(screen(['/contact-us', 'https://evil.example/x']));
    expect(flow).toBeDefined();
    expect(diagnostics).toHaveLength(1);
    const [d] = diagnostics;
    expect(d).toMatchObject({
      file: 'quiz.json',
      pointer: '/endings/0/links/1/href',
      severity: 'warning',
      line: lineOf(text, 'https://evil.example/x'),
      message: 'This sends visitors to another site, evil.example',
      hint: 'Add evil.example to FLOW_LINK_HOSTS, or link to a page of the site',
    });
    expect(d!.where).toContain('ending "done"');
  });

  it.each([
    ['a protocol-relative path', '//evil.example/x'],
    ['a backslash a browser reads as a slash', '/\\evil.example/x'],
    ['a tab a browser drops', '/\t/evil.example/x'],
    ['a line break a browser drops', '/\n/evil.example'],
    ['upper case', '//EVIL.example'],
  ])('sees through %s', (_label, href) => {
    const { flow, diagnostics } = check(screen([], [href]));
    expect(flow).toBeDefined();
    expect(diagnostics.map((d) => [d.pointer, d.severity, d.message])).toEqual([
      ['/endings/0/buttons/0/href', 'warning', 'This sends visitors to another site, evil.example'],
    ]);
  });

  it('checks a redirect ending’s path', () => {
    const { diagnostics } = check({ kind: 'redirect', path: '//evil.example/book' });
    expect(diagnostics.map((d) => [d.pointer, d.severity])).toEqual([
      ['/endings/0/path', 'warning'],
    ]);
  });

  it('leaves paths of the site alone, however they are written', () => {
    const paths = ['/contact-us', '/a//b', '/..//evil.example', '/x/%2e%2e//y', '/?q=//x'];
    expect(check(screen(paths, paths)).diagnostics).toEqual([]);
    expect(check({ kind: 'redirect', path: '/book-consult' }).diagnostics).toEqual([]);
  });

  it('allows the hosts the deployment lists, exactly', () => {
    const hosts = { allowed: ['calendly.com', 'firm.example'], enforced: false };
    const allowed = check(
      screen(['https://calendly.com/firm/intro', '//firm.example/about']),
      hosts,
    );
    expect(allowed.diagnostics).toEqual([]);
    // A subdomain is another host.
    const sub = check(screen(['https://evil.calendly.com/x']), hosts);
    expect(sub.diagnostics.map((d) => d.message)).toEqual([
      'This sends visitors to another site, evil.calendly.com',
    ]);
  });

  it('refuses a host outside an enforced list: an error, and the flow does not load', () => {
    const { flow, diagnostics } = check(screen(['https://evil.example/x']), {
      allowed: ['calendly.com'],
      enforced: true,
    });
    expect(flow).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.severity).toBeUndefined();
    expect(diagnostics[0]!.message).toBe(
      'This sends visitors to evil.example, which is not among the hosts allowed (FLOW_LINK_HOSTS)',
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://x.example'])(
    'the schema refuses %s as a link, a button and a redirect',
    (href) => {
      for (const ending of [screen([href]), screen([], [href]), { kind: 'redirect', path: href }]) {
        const { flow, diagnostics } = check(ending);
        expect(flow).toBeUndefined();
        expect(diagnostics[0]!.message).toMatch(/^Must match pattern/);
      }
    },
  );
});
