import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_SIZES,
  type BackofficeSize,
  type BackofficeLang as Lang,
  openBackofficePage,
  signInToBackoffice,
  backofficeText as text,
} from './support/backoffice.ts';
import { launchBrowser, overflowingElements, screenshot } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

function openBackoffice(browser: Browser, server: RunningServer, size: BackofficeSize, lang: Lang) {
  return openBackofficePage(browser, server, BACKOFFICE_SIZES[size], lang);
}

/**
 * The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. Same library
 * as the server (otplib, the server's dependency). The server refuses a step already used, so a sign-in
 * right after enrolment sends the next step's code, which it accepts as clock drift.
 */
function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/** Another six digits than `code`: a wrong code that cannot be right by chance. */
function otherCode(code: string): string {
  return `${(Number(code[0]) + 5) % 10}${code.slice(1)}`;
}

async function fillSignIn(page: Page, username: string, password: string, lang: Lang): Promise<void> {
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: text(lang, 'signIn.submit') }).click();
}

async function changePassword(page: Page, current: string, next: string, lang: Lang): Promise<void> {
  await page.locator('input[name=currentPassword]').fill(current);
  await page.locator('input[name=newPassword]').fill(next);
  await page.locator('input[name=confirmPassword]').fill(next);
  await page.getByRole('button', { name: text(lang, 'account.passwordSubmit') }).click();
  await page.getByText(text(lang, 'account.passwordChanged')).waitFor();
}

describe('the back office', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the demo owner signs in, creates a support operator and finds it in the audit log', async () => {
    const page = await openBackoffice(browser, server, 'desktop', 'en');
    await signInToBackoffice(page, 'en');
    // The operator's token is its own; the player app on the same origin never sees it.
    expect(await page.evaluate(() => [sessionStorage.getItem('token'), localStorage.getItem('token')])).toEqual([
      null,
      null,
    ]);

    await page.getByRole('link', { name: text('en', 'nav.staff') }).click();
    await page.getByRole('button', { name: text('en', 'staff.create') }).click();
    await page.locator('input[name=username]').fill('support.e2e');
    await page.locator('select[name=role]').selectOption('support');
    await page.locator('input[name=reason]').fill('new support agent');
    await page.getByRole('button', { name: text('en', 'staff.submitCreate') }).click();
    const temporary = (await page.getByTestId('temporary-password').textContent())?.trim() ?? '';
    expect(temporary.length).toBeGreaterThanOrEqual(8);
    await page.getByRole('button', { name: text('en', 'staff.done') }).click();
    await expect.poll(() => page.getByTestId('staff-support.e2e').isVisible()).toBe(true);

    await page.getByRole('link', { name: text('en', 'nav.audit') }).click();
    const created = page.getByTestId('audit-row').filter({ hasText: text('en', 'auditActions.staff.create') });
    await expect.poll(() => created.count()).toBe(1);
    expect(await created.innerText()).toContain('new support agent');
    expect(await created.innerText()).toContain('admin');

    // The new operator signs in with the one-time password and sees only what support may open.
    const agent = await openBackoffice(browser, server, 'desktop', 'en');
    await agent.goto('/backoffice/sign-in');
    // A wrong password is refused with the server's WRONG_CREDENTIAL, translated.
    await fillSignIn(agent, 'support.e2e', `${temporary}x`, 'en');
    expect(await agent.getByRole('alert').textContent()).toBe(text('en', 'errors.WRONG_CREDENTIAL'));
    await fillSignIn(agent, 'support.e2e', temporary, 'en');
    // The owner saw that password: the operator is sent to choose their own before anything else.
    await agent.waitForURL('**/backoffice/account');
    expect(await agent.getByTestId('password-banner').innerText()).toBe(text('en', 'shell.passwordBanner'));
    await agent.goto('/backoffice/');
    await agent.waitForURL('**/backoffice/account');
    await changePassword(agent, temporary, 'support agent own secret', 'en');
    await agent.waitForURL((url) => url.pathname === '/backoffice/' || url.pathname === '/backoffice');
    expect(await agent.getByTestId('password-banner').count()).toBe(0);
    await expect.poll(() => agent.getByTestId('operator-role').textContent()).toBe(text('en', 'roles.support'));
    expect(await agent.getByRole('link', { name: text('en', 'nav.staff') }).count()).toBe(0);
  });

  it.each(['en', 'th'] as const)(
    'in %s the new operator replaces the temporary password, enrols two-factor and then needs the code',
    async (lang) => {
      const username = `finance-${lang}`;
      const owner = await openBackoffice(browser, server, 'desktop', lang);
      await signInToBackoffice(owner, lang);
      await owner.getByRole('link', { name: text(lang, 'nav.staff') }).click();
      await owner.getByRole('button', { name: text(lang, 'staff.create') }).click();
      await owner.locator('input[name=username]').fill(username);
      await owner.locator('select[name=role]').selectOption('finance');
      await owner.getByRole('button', { name: text(lang, 'staff.submitCreate') }).click();
      const temporary = (await owner.getByTestId('temporary-password').textContent())?.trim() ?? '';

      const agent = await openBackoffice(browser, server, 'desktop', lang);
      const shot = async (screen: string) => {
        expect(await overflowingElements(agent), `${screen} ${lang}`).toEqual([]);
        await screenshot(agent, `backoffice-${screen}-desktop-${lang}`);
      };
      await agent.goto('/backoffice/sign-in');
      await fillSignIn(agent, username, temporary, lang);
      await agent.waitForURL('**/backoffice/account');
      await agent.getByTestId('password-banner').waitFor();
      await shot('account-password-first');
      const own = `${lang} finance desk own secret`;
      await changePassword(agent, temporary, own, lang);
      await shot('account-password-changed');
      await agent.getByRole('link', { name: text(lang, 'nav.account') }).click();
      await agent.waitForURL('**/backoffice/account');

      // Enrolment: the code is computed from the secret the page shows, as an authenticator app would.
      await agent.getByRole('button', { name: text(lang, 'account.totpStart') }).click();
      const secret = (await agent.getByTestId('totp-secret').textContent())?.trim() ?? '';
      await agent.getByLabel(text(lang, 'account.totpCode')).fill(await totpCode(secret));
      await agent.getByRole('button', { name: text(lang, 'account.totpEnable'), exact: true }).click();
      await expect.poll(() => agent.getByTestId('totp-status').textContent()).toContain(text(lang, 'account.totpOn'));

      await agent.getByRole('button', { name: text(lang, 'topbar.signOut') }).click();
      await agent.waitForURL('**/backoffice/sign-in');
      // The temporary password no longer opens the account; the new one leads to the code step.
      await fillSignIn(agent, username, temporary, lang);
      expect(await agent.getByRole('alert').textContent()).toBe(text(lang, 'errors.WRONG_CREDENTIAL'));
      await fillSignIn(agent, username, own, lang);
      await agent.getByRole('heading', { name: text(lang, 'signIn.otpTitle') }).waitFor();
      const next = await totpCode(secret, 1);
      await agent.getByLabel(text(lang, 'signIn.otp')).fill(otherCode(next));
      await agent.getByRole('button', { name: text(lang, 'signIn.otpSubmit') }).click();
      expect(await agent.getByRole('alert').textContent()).toBe(text(lang, 'errors.OTP_CODE_INVALID'));
      expect(agent.url()).toContain('/backoffice/sign-in');
      await shot('sign-in-otp-wrong');
      await agent.getByLabel(text(lang, 'signIn.otp')).fill(next);
      await agent.getByRole('button', { name: text(lang, 'signIn.otpSubmit') }).click();
      await expect.poll(() => agent.getByTestId('operator-role').textContent()).toBe(text(lang, 'roles.finance'));
    },
  );

  it.each(['en', 'th'] as const)('new sign-in and account states at 1280x800 in %s', async (lang) => {
    const page = await openBackoffice(browser, server, 'desktop', lang);
    const shot = async (screen: string) => {
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      expect(await overflowingElements(page), `${screen} ${lang}`).toEqual([]);
      await screenshot(page, `backoffice-${screen}-desktop-${lang}`);
    };
    await page.goto('/backoffice/sign-in');
    await fillSignIn(page, 'nobody', 'not the password', lang);
    expect(await page.getByRole('alert').textContent()).toBe(text(lang, 'errors.WRONG_CREDENTIAL'));
    await shot('sign-in-wrong-password');

    await signInToBackoffice(page, lang);
    await page.getByRole('link', { name: text(lang, 'nav.account') }).click();
    await page.locator('input[name=newPassword]').fill('short');
    await page.locator('input[name=currentPassword]').focus();
    expect(await page.getByRole('alert').textContent()).toBe(text(lang, 'password.tooShort', { min: '8' }));
    await shot('account-password-rule');

    // The banner needs a production server (owner without two-factor); its answer is replayed here.
    await page.route('**/api/backoffice/me', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), totpEnrolmentRequired: true } });
    });
    await page.goto('/backoffice/staff');
    await page.getByTestId('staff-admin').waitFor();
    expect(await page.getByTestId('totp-banner').innerText()).toContain(text(lang, 'shell.totpBanner'));
    await shot('totp-banner');
    await page.getByRole('link', { name: text(lang, 'shell.totpBannerLink') }).click();
    await page.waitForURL('**/backoffice/account');
  });

  it.each([
    ['desktop', 'en'],
    ['desktop', 'th'],
    ['tablet', 'en'],
    ['tablet', 'th'],
  ] as const)('every screen fits a %s in %s, fully translated', async (viewport, lang) => {
    const page = await openBackoffice(browser, server, viewport, lang);
    const shot = async (screen: string) => {
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      expect(await overflowingElements(page), `${screen} ${viewport} ${lang}`).toEqual([]);
      await screenshot(page, `backoffice-${screen}-${viewport}-${lang}`);
    };
    await page.goto('/backoffice/sign-in');
    await page.locator('input[name=username]').waitFor();
    await shot('sign-in');
    await signInToBackoffice(page, lang);
    await shot('home');
    // Each screen is measured once its own content is in: the previous screen's heading or an empty
    // table would pass the overflow check for the wrong page.
    for (const [screen, nav, loaded] of [
      ['staff', 'nav.staff', 'staff-admin'],
      ['audit', 'nav.audit', 'audit-row'],
      ['account', 'nav.account', 'totp-status'],
    ] as const) {
      await page.getByRole('link', { name: text(lang, nav) }).click();
      await page.waitForURL(`**/backoffice/${screen}`);
      await page.getByTestId(loaded).first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot(screen);
    }
    await page.getByRole('button', { name: text(lang, 'account.totpStart') }).click();
    await page.getByTestId('totp-secret').waitFor();
    await shot('account-totp');
    await page.getByRole('link', { name: text(lang, 'nav.staff') }).click();
    await page.getByRole('button', { name: text(lang, 'staff.create') }).click();
    await page.getByRole('dialog').waitFor();
    await shot('staff-create');
  });
});
