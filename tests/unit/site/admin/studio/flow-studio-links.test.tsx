// @vitest-environment jsdom
/**
 * The flow studio on an ending that sends visitors to another site: a warning under the editor,
 * at the link's line, naming the host and the fix, while the flow can still be published; none
 * for a host the deployment lists; and, when the deployment enforces its list, an error that
 * keeps the text from being published.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, renderClientStudio } from './support/studio-fixtures';

vi.mock('@/site/admin/studio/studio-fields', async (importOriginal) =>
  (await import('./support/plain-editor')).withPlainEditor(importOriginal),
);

afterEach(cleanup);

const offSite = client.replace('"href": "/grant-service"', '"href": "//evil.example/grants"');
const line = offSite.split('\n').findIndex((l) => l.includes('//evil.example/grants')) + 1;

const problems = () => screen.queryByRole('list', { name: 'Problems' });
const publishButton = () => screen.getByRole('button', { name: 'Publish…' });

describe('the flow studio on an ending that leaves the site', () => {
  it('warns at the link’s line and still lets it be published', () => {
    renderClientStudio().type(offSite);
    expect(screen.getByText('0 errors, 1 warning.')).toBeTruthy();
    expect(problems()!.textContent).toBe(
      `Line ${line}: ending "noCapital" › links › item 1 › href ` +
        'Warning: This sends visitors to another site, evil.example. ' +
        'Link to a page of this site, or ask a developer to let flows send visitors to evil.example',
    );
    expect(publishButton()).toHaveProperty('disabled', false);
  });

  it('says nothing of a host the deployment lists', () => {
    renderClientStudio({ linkHosts: { allowed: ['evil.example'], enforced: true } }).type(offSite);
    expect(problems()).toBeNull();
    expect(screen.getByText('No problems: this text can be published.')).toBeTruthy();
  });

  it('shows an error and keeps Publish off when the deployment’s list leaves the host out', () => {
    renderClientStudio({ linkHosts: { allowed: ['calendly.com'], enforced: true } }).type(offSite);
    expect(screen.getByText('1 error, 0 warnings: fix the errors to publish.')).toBeTruthy();
    expect(problems()!.textContent).toContain(
      'Error: This sends visitors to evil.example, a site flows may not send them to',
    );
    expect(publishButton()).toHaveProperty('disabled', true);
  });
});
