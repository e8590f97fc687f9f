import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/backoffice/src/i18n/en.json' with { type: 'json' };
import th from '../apps/backoffice/src/i18n/th.json' with { type: 'json' };
import { launchBrowser, overflowingElements, screenshot } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const messages = { th, en } as const;
type Lang = keyof typeof messages;

/** A back-office text as the operator reads it. */
function text(lang: Lang, key: string, vars: Record<string, string> = {}): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages[lang]);
  if (typeof value !== 'string') throw new Error(`no ${lang} back-office text for ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 820, height: 1180 },
} as const;

async function openBackoffice(browser: Browser, server: RunningServer, viewport: keyof typeof VIEWPORTS, lang: Lang) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
  });
  await context.addInitScript((l) => localStorage.setItem('backoffice-locale', l), lang);
  return context.newPage();
}

async function signIn(page: Page, lang: Lang): Promise<void> {
  await page.goto('/backoffice/');
  await page.waitForURL('**/backoffice/sign-in?next=*');
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill('admin1234');
  await page.getByRole('button', { name: text(lang, 'signIn.submit') }).click();
  await expect.poll(() => page.getByTestId('operator-name').textContent()).toBe('admin');
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
    await signIn(page, 'en');
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
    await agent.locator('input[name=username]').fill('support.e2e');
    await agent.locator('input[name=password]').fill(temporary);
    await agent.getByRole('button', { name: text('en', 'signIn.submit') }).click();
    await expect.poll(() => agent.getByTestId('operator-role').textContent()).toBe(text('en', 'roles.support'));
    expect(await agent.getByRole('link', { name: text('en', 'nav.staff') }).count()).toBe(0);
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
    await signIn(page, lang);
    await shot('home');
    for (const [screen, nav] of [
      ['staff', 'nav.staff'],
      ['audit', 'nav.audit'],
      ['account', 'nav.account'],
    ] as const) {
      await page.getByRole('link', { name: text(lang, nav) }).click();
      await page.getByRole('heading', { level: 1 }).waitFor();
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
