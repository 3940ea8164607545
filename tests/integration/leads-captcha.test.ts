/**
 * The captcha as a visitor meets it, in Chromium against the built site (reCAPTCHA Enterprise,
 * French, badge hidden: see captchaBuildEnv in leads-build.ts). The test serves a fake
 * grecaptcha in place of Google's script and runs a fake siteverify on loopback. What a visitor
 * notices: plain words when the script cannot load or the check cannot run (the console keeps the
 * spec's texts), Google's attribution under the form, and a lead accepted once the check passes,
 * with the server holding the token to the form's own action.
 */
import type { Browser, Page, Route } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSiteverify, type FakeSiteverify } from '@/tests/fakes/fake-siteverify';
import { launchBrowser } from './support/browser';
import { captchaBuildEnv, ensureBuild } from './support/leads-build';
import { readOutbox } from './support/outbox-reader';
import { dialects, serverDatabase } from './support/test-databases';
import { postLead, startLeadsServer, type LeadsServer } from './support/leads-server';
import { submittingPaths } from './support/sample-leads';

describe.each(dialects)('on %s', (dialect) => {
  let server: LeadsServer;
  let browser: Browser;
  let siteverify: FakeSiteverify;

  beforeAll(async () => {
    await ensureBuild();
    // Tokens of the fake script read `pass:<action>`; siteverify names that action back.
    siteverify = await startFakeSiteverify('recaptcha-secret');
    [server, browser] = await Promise.all([
      startLeadsServer(
        {
          // Pages are rendered with the server's environment: the same as the build's.
          ...captchaBuildEnv,
          CAPTCHA_SECRET: 'recaptcha-secret',
          CAPTCHA_VERIFY_URL: siteverify.url,
        },
        await serverDatabase(dialect),
      ),
      launchBrowser(),
    ]);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await siteverify?.close();
  });

  /**
   * A stand-in for Google's enterprise.js: `grecaptcha.enterprise.render` keeps the options,
   * `execute` answers through the callback with a token for the rendered action — or, for the
   * first `failures` runs, through the error callback as Google does when it cannot run.
   */
  function fakeEnterpriseScript(failures: number): string {
    return `
      (() => {
        let options = null;
        let failuresLeft = ${failures};
        window.captchaCalls = [];
        window.grecaptcha = { enterprise: {
          ready: (cb) => cb(),
          render: (el, opts) => {
            options = opts;
            window.captchaCalls.push({ call: 'render', size: opts.size, badge: opts.badge,
              action: opts.action, sitekey: opts.sitekey });
            const badge = document.createElement('div');
            badge.className = 'grecaptcha-badge';
            badge.textContent = 'reCAPTCHA badge';
            el.appendChild(badge);
            return 7;
          },
          reset: (id) => window.captchaCalls.push({ call: 'reset', id }),
          execute: (id) => {
            window.captchaCalls.push({ call: 'execute', id });
            setTimeout(() => {
              if (failuresLeft > 0) { failuresLeft -= 1; options['error-callback'](); }
              else options.callback('pass:' + options.action);
            }, 50);
          },
        } };
      })();`;
  }

  interface Visit {
    page: Page;
    scriptUrls: string[];
    errors: string[];
    leadPosts: number;
  }

  async function visitContactForm(serve: (route: Route) => Promise<void>): Promise<Visit> {
    const page = await browser.newPage({
      viewport: { width: 1280, height: 800 },
      extraHTTPHeaders: { 'x-forwarded-for': `10.77.0.${Math.floor(Math.random() * 200) + 1}` },
    });
    const visit: Visit = { page, scriptUrls: [], errors: [], leadPosts: 0 };
    await page.route('https://www.google.com/recaptcha/**', (route) => {
      visit.scriptUrls.push(route.request().url());
      return serve(route);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') visit.errors.push(message.text());
    });
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/leads/'))
        visit.leadPosts += 1;
    });
    await page.goto(`${server.url}/contact-us`, { waitUntil: 'load' });
    return visit;
  }

  /** Fills the contact form with the engine's sample answers and sends it, as a visitor does. */
  async function fillAndSend(page: Page) {
    const answers = submittingPaths('contactBanner')[0]!.answers;
    const form = page.locator('#form-contactBanner');
    await form.getByLabel('Reason for enquiry').selectOption(String(answers.reason_for_enquiry));
    await form.getByLabel('Full name').fill(String(answers.full_name));
    await form.getByLabel('Phone').click();
    await form.getByLabel('Phone').pressSequentially(String(answers.phone));
    await form.getByLabel('Email').fill(String(answers.email));
    await form.getByRole('button', { name: 'Submit', exact: true }).click();
    return form;
  }

  const alertWith = (page: Page, text: string) =>
    page.locator('#form-contactBanner').getByRole('alert').filter({ hasText: text });

  describe('captcha in the browser', () => {
    it('runs the Enterprise check as the form is sent, with the form action, and the lead is accepted', async () => {
      const visit = await visitContactForm((route) =>
        route.fulfill({ contentType: 'text/javascript', body: fakeEnterpriseScript(0) }),
      );
      const form = await fillAndSend(visit.page);
      await form
        .getByRole('heading', { name: 'Congratulations, your form has been submitted.' })
        .waitFor({ timeout: 20_000 });

      const script = new URL(visit.scriptUrls[0]!);
      expect(script.pathname).toBe('/recaptcha/enterprise.js');
      expect(script.searchParams.get('hl')).toBe(captchaBuildEnv.CAPTCHA_LANGUAGE);
      const calls = await visit.page.evaluate(
        () => (window as unknown as { captchaCalls: unknown[] }).captchaCalls,
      );
      expect(calls).toContainEqual({
        call: 'render',
        size: 'invisible',
        badge: 'inline',
        action: 'contactBanner',
        sitekey: captchaBuildEnv.CAPTCHA_SITE_KEY,
      });
      expect(calls).toContainEqual({ call: 'execute', id: 7 });
      expect(siteverify.calls.at(-1)?.get('response')).toBe('pass:contactBanner');
      expect((await readOutbox(server.env)).some((lead) => lead.flow_id === 'contactBanner')).toBe(
        true,
      );
      await visit.page.close();
    }, 60_000);

    it("shows Google's attribution in place of the hidden badge once the form is in use", async () => {
      const visit = await visitContactForm((route) =>
        route.fulfill({ contentType: 'text/javascript', body: fakeEnterpriseScript(0) }),
      );
      // The renderer, and with it the captcha, replaces the static form when the visitor acts.
      await visit.page
        .locator('#form-contactBanner')
        .getByRole('button', { name: 'Submit', exact: true })
        .click();
      const notice = visit.page.getByText(
        'This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.',
      );
      await notice.waitFor({ timeout: 20_000 });
      await expect(
        notice.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href'),
      ).resolves.toBe('https://policies.google.com/privacy');
      await visit.page.getByText('reCAPTCHA badge').waitFor({ state: 'hidden' });
      await visit.page.close();
    }, 60_000);

    it('says in plain words when the captcha script cannot load, logs the spec text, sends nothing', async () => {
      const visit = await visitContactForm((route) => route.abort('internetdisconnected'));
      await fillAndSend(visit.page);
      await alertWith(
        visit.page,
        'The security check could not be loaded. Check your connection and reload the page.',
      )
        .first()
        .waitFor({ timeout: 20_000 });
      expect(
        visit.errors.some((text) => text.includes('ReCaptcha error: Failed to load script')),
      ).toBe(true);
      expect(visit.leadPosts).toBe(0);
      await visit.page.close();
    }, 60_000);

    it('says in plain words when the check cannot run, logs the spec text, and "Try again" sends', async () => {
      const visit = await visitContactForm((route) =>
        route.fulfill({ contentType: 'text/javascript', body: fakeEnterpriseScript(1) }),
      );
      const form = await fillAndSend(visit.page);
      await alertWith(
        visit.page,
        'The security check could not be completed. Please try again.',
      ).waitFor({ timeout: 20_000 });
      expect(visit.errors.some((text) => text.includes('ReCaptcha error: Failed to execute'))).toBe(
        true,
      );
      expect(visit.leadPosts).toBe(0);

      await form.getByRole('button', { name: 'Try again' }).click();
      await form
        .getByRole('heading', { name: 'Congratulations, your form has been submitted.' })
        .waitFor({ timeout: 20_000 });
      // A used widget is reset before it runs again (tokens are single use).
      const calls = await visit.page.evaluate(
        () => (window as unknown as { captchaCalls: { call: string }[] }).captchaCalls,
      );
      expect(calls.map((c) => c.call)).toEqual(['render', 'execute', 'reset', 'execute']);
      expect(visit.leadPosts).toBe(1);
      await visit.page.close();
    }, 60_000);
  });

  describe('captcha action on the server', () => {
    it("refuses a token made for another form's action with a 400 on captchaToken", async () => {
      const answers = submittingPaths('contactBanner')[0]!.answers;
      const page = { uri: 'https://firm.example/contact-us', name: 'contact-us' };
      const client = { 'x-forwarded-for': '10.78.0.1' };
      const other = await postLead(
        server,
        'contactBanner',
        { answers, page, captchaToken: 'pass:newsletter' },
        client,
      );
      expect(other.status).toBe(400);
      expect(await other.json()).toEqual({
        errors: [
          {
            field: 'captchaToken',
            message: 'The security check was made for another form; please try again',
          },
        ],
      });
      const own = await postLead(
        server,
        'contactBanner',
        { answers, page, captchaToken: 'pass:contactBanner' },
        client,
      );
      expect(own.status).toBe(202);
    });
  });
});
