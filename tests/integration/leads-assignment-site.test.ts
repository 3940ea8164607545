/**
 * Assignment through the built site, on both databases: a staff member marked as taking leads
 * (`npm run users -- takes-leads`) gets the next lead, named in the new-lead mail and found under
 * "Mine"; marking it handled, taking that back and giving it to nobody are the lead page's forms,
 * each recorded in the audit log, and the lead then shows under "Unassigned".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsIn } from './support/mail-files';
import { postLead, until } from './support/leads-server';
import { runScript } from './support/run-script';
import { startStaffedSite, type StaffedSite } from './support/staffed-site';
import { dialects } from './support/test-databases';

const page = { uri: 'https://firm.example/', name: 'home' };

describe.each(dialects)('assignment in the back office on %s', { timeout: 120_000 }, (dialect) => {
  let site: StaffedSite;

  beforeAll(async () => {
    site = await startStaffedSite(dialect, { LEADS_NOTIFY_TO: 'leads@firm.example' });
    const env: Record<string, string> = site.server.env.DATABASE_URL
      ? { DATABASE_URL: site.server.env.DATABASE_URL }
      : { LEADS_DB: site.server.env.LEADS_DB! };
    const on = await runScript('scripts/users.ts', ['takes-leads', site.email, 'on'], env);
    expect(on.code, on.stderr).toBe(0);
  }, 600_000);

  afterAll(async () => {
    await site?.stop();
  });

  const html = async (path: string) => {
    const response = await site.fetch(path, {}, true);
    expect(response.status).toBe(200);
    return response.text();
  };

  it('assigns, mails, filters, reassigns and undoes "handled", each audited', async () => {
    const email = `assign-${dialect}@visitor.example`;
    const posted = await postLead(site.server, 'newsletter', { answers: { email }, page });
    expect(posted.status).toBe(202);
    const { id } = (await posted.json()) as { id: string };
    const leadPath = `/admin/leads/${encodeURIComponent(id)}`;

    await until(
      () => mailsIn(site.mailDir, 'leads@firm.example').some((mail) => mail.includes(id)),
      20_000,
      'the new-lead mail',
    );
    const notice = mailsIn(site.mailDir, 'leads@firm.example').find((mail) => mail.includes(id));
    expect(notice).toContain(`Assigned to: ${site.email}`);

    expect(await html('/admin/leads?assigned=mine')).toContain(leadPath);
    expect(await html('/admin/leads?assigned=unassigned')).not.toContain(leadPath);
    expect(await html(leadPath)).toMatch(/<dt>Assigned to<\/dt><dd>staff-/);

    expect((await site.form(`${leadPath}/handled`, [])).status).toBe(303);
    expect((await site.form(`${leadPath}/unhandle`, [])).status).toBe(303);
    expect((await site.form(`${leadPath}/assign`, [['assignee', '']])).status).toBe(303);
    const refused = await site.form(`${leadPath}/assign`, [['assignee', 'who@firm.example']]);
    expect(refused.status).toBe(400);

    const lead = await html(leadPath);
    expect(lead).toContain('<dt>Handled</dt><dd>not yet');
    expect(lead).toContain('<dt>Assigned to</dt><dd>nobody</dd>');
    expect(lead).toContain(`${site.email}<!-- -->: <!-- -->marked as handled`);
    expect(lead).toContain(`${site.email}<!-- -->: <!-- -->undid handled`);
    expect(lead).toContain(`reassigned<!-- --> (${site.email} → nobody)`);

    const inbox = await html('/admin/leads?assigned=unassigned');
    expect(inbox).toContain(leadPath);
    // Handled first, a moment after it arrived: the median of this one lead is seconds.
    expect(inbox).toMatch(/Median time to first action: \d+ s \(over 1 lead\(s\)/);
    expect(await html('/admin/leads?assigned=mine')).not.toContain(leadPath);
  });
});
