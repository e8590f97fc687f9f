import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import boEn from '../apps/backoffice/src/i18n/en.json' with { type: 'json' };
import boTh from '../apps/backoffice/src/i18n/th.json' with { type: 'json' };
import { type Lang, logIn, readOtp, text, uniquePhone, useLanguage } from './support/app.ts';
import { axeViolations, smallTargets } from './support/axe.ts';
import { launchBrowser, phoneContext, screenshot } from './support/browser.ts';
import { fundWallet, PLAYER_PASSWORD, registerPlayer, type TestPlayer } from './support/players.ts';
import { type RunningServer, startServer } from './support/server.ts';

const PUBLIC_SCREENS = [
  '/login',
  '/register',
  '/forgot-password',
  '/howto',
  '/contact',
  '/terminated',
  '/no-such-page',
];
const DEPOSIT_TABS = ['bank', 'qr', 'wallet', 'slip'];
/** Screens photographed for a person to look at (artifacts/screens/px-a11y-*.png). */
const SHOWN = new Set(['/login', '/contact', '/no-such-page']);

/**
 * axe-core on every player screen and dialog in Thai, Lao and English, and on the back office's screens:
 * a serious or critical violation fails, listed one per line (screen | rule | element | what to fix).
 * All the screens of a test are checked before it fails, so one run shows everything to fix.
 */
describe('accessibility (axe-core)', () => {
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

  async function phonePage(lang: Lang): Promise<Page> {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await useLanguage(page, lang);
    return page;
  }

  /** axe's serious and critical findings plus controls a thumb cannot hit reliably (below 44 px). */
  async function audit(page: Page, label: string): Promise<string[]> {
    return [...(await axeViolations(page, label)), ...(await smallTargets(page, label))];
  }

  async function settle(page: Page): Promise<void> {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
  }

  /** Closes the open dialog the way a keyboard user would, and waits until it is gone. */
  async function closeDialog(page: Page): Promise<void> {
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  }

  describe.each(['th', 'lo', 'en'] as Lang[])('player app in %s', (lang) => {
    let player: TestPlayer;

    beforeAll(async () => {
      player = await registerPlayer(server.url, 'KBANK');
      await fundWallet(server.url, player.phone, 500);
    });

    it('public screens and every registration step', async () => {
      const page = await phonePage(lang);
      const found: string[] = [];
      for (const path of PUBLIC_SCREENS) {
        await page.goto(path);
        await settle(page);
        found.push(...(await audit(page, `${lang} ${path}`)));
        if (SHOWN.has(path)) await screenshot(page, `px-a11y${path.replace(/\//g, '-')}-${lang}`);
      }

      await page.goto('/howto');
      await page.locator('.howto-card').first().click();
      await page.getByRole('dialog').locator('video').waitFor();
      found.push(...(await audit(page, `${lang} how-to video dialog`)));
      await closeDialog(page);

      // A refused field: its error is announced and tied to the field.
      await page.goto('/forgot-password');
      await page.locator('input[name=phone]').fill('08');
      await page.locator('form button[type=submit]').click();
      await page.locator('input[name=phone][aria-invalid=true]').waitFor();
      found.push(...(await audit(page, `${lang} forgot-password, refused phone`)));

      const phone = uniquePhone();
      await page.goto('/register');
      await page.locator('input[name=phone]').fill(phone);
      await page.locator('form button[type=submit]').click();
      await page.locator('input[name=otp]').waitFor();
      found.push(...(await audit(page, `${lang} register otp`)));
      await page.locator('input[name=otp]').fill(await readOtp(server.url, phone));
      await page.locator('form button[type=submit]').click();
      await page.locator('input[name=name]').waitFor();
      found.push(...(await audit(page, `${lang} register profile`)));
      await page.locator('input[name=name]').fill('Malee Test');
      await page.locator('input[name=password]').fill('first-pass-9');
      await page.locator('input[name=confirmPassword]').fill('first-pass-9');
      await page.locator('select[name=sourceCode]').selectOption('LINE');
      await page.locator('form button[type=submit]').click();
      await page.locator('select[name=bankCode]').waitFor();
      found.push(...(await audit(page, `${lang} register bank`)));
      await page.context().close();
      expect(found.join('\n'), 'serious or critical axe violations').toBe('');
    });

    it('player screens and every dialog', async () => {
      const page = await phonePage(lang);
      const found: string[] = [];
      const check = async (label: string) => found.push(...(await audit(page, `${lang} ${label}`)));

      await logIn(page, player.phone, PLAYER_PASSWORD);
      await page.waitForURL('**/user/home');
      await page.getByTestId('agreement-accept').waitFor();
      await check('agreement dialog');
      await page.getByTestId('agreement-accept').click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await settle(page);
      await check('/user/home');

      await page.getByTestId('widget-deposit').click();
      await page.getByTestId('deposit-dialog').waitFor();
      for (const tab of DEPOSIT_TABS) {
        await page.getByTestId(`deposit-tab-${tab}`).click();
        await page.getByTestId(`deposit-panel-${tab}`).waitFor();
        await settle(page);
        await check(`deposit dialog, ${tab} tab`);
        if (tab === 'qr') {
          // The gateway's form, then its QR waiting to be paid.
          await page.getByTestId('qr-pick-KBANK').click();
          await page.getByTestId('qr-quick-KBANK-50').click();
          await check('deposit dialog, QR gateway form');
          await page.getByTestId('qr-create-KBANK').click();
          await page.getByTestId('qr-image-KBANK').waitFor();
          await check('deposit dialog, QR to pay');
          await page.getByTestId('qr-cancel-KBANK').click();
        }
        if (tab === 'bank') {
          // A toast (copied, or copy refused by a headless clipboard) shows inside the dialog, under its header.
          await page.getByTestId('deposit-panel-bank').locator('.copy-slot button').first().click();
          await page.locator('.modal-panel .toast').first().waitFor();
          await check('deposit dialog with a toast');
          await screenshot(page, `px-a11y-deposit-toast-${lang}`);
        }
      }
      await closeDialog(page);

      await page.getByTestId('widget-withdraw').click();
      await page.getByTestId('withdraw-dialog').waitFor();
      await settle(page);
      await check('withdraw dialog');
      await page.getByTestId('withdraw-amount').fill('120');
      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('withdraw-confirm').waitFor();
      await check('withdraw dialog, confirmation');
      await closeDialog(page);

      await page.getByTestId('game-card-pg').click();
      await page.getByTestId('open-account').click();
      await page.getByTestId('game-username').waitFor();
      await settle(page);
      await check('game account dialog');
      await closeDialog(page);

      await page.getByTestId('open-transfer').click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
      await check('transfer dialog');
      await closeDialog(page);

      // Invite and refund: the seeded banners first, then each dialog.
      for (const [widget, dialog] of [
        ['widget-invite', 'invite-dialog'],
        ['widget-refund', 'refund-dialog'],
      ] as const) {
        await page.getByTestId(widget).click();
        await page.getByTestId('banners-first').waitFor();
        await settle(page);
        await check(`${widget} banners`);
        await page.getByTestId('banners-next').click();
        await page.getByTestId(dialog).waitFor();
        await settle(page);
        await check(dialog);
        await closeDialog(page);
      }

      await page.goto('/user/statement');
      await settle(page);
      await check('/user/statement');
      await page.getByTestId('open-slips').click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
      await check('slip modal');
      await closeDialog(page);

      await page.goto('/user/profile');
      await settle(page);
      await check('/user/profile');
      await page.getByRole('button', { name: text(lang, 'profile.changePassword') }).click();
      await page.getByRole('dialog').waitFor();
      await check('change-password dialog');
      await closeDialog(page);

      for (const path of ['/user/contact', '/user/bonus']) {
        await page.goto(path);
        await settle(page);
        await check(path);
      }

      // The Spin screen (the demo wheel; the deposit earned coins), its prize modal and claim confirmation.
      await page.goto('/user/spin');
      await page.getByTestId('spin-canvas').waitFor();
      await settle(page);
      await check('/user/spin');
      await page.getByTestId('spin-button').click();
      await page.getByTestId('spin-prize').waitFor();
      await settle(page);
      await check('spin prize modal');
      await page.getByTestId('spin-prize-close').click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await page.getByTestId('coupon-claim').first().click();
      await page.getByTestId('coupon-claim-dialog').waitFor();
      await settle(page);
      await check('coupon claim dialog');
      await closeDialog(page);
      await page.getByRole('button', { name: text(lang, 'nav.conditions') }).click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
      await check('conditions dialog');
      await closeDialog(page);

      await page.context().close();
      expect(found.join('\n'), 'serious or critical axe violations').toBe('');
    });
  });

  const backofficeTexts = { th: boTh, en: boEn } as const;
  function boText(lang: 'th' | 'en', key: string): string {
    const value = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], backofficeTexts[lang]);
    if (typeof value !== 'string') throw new Error(`no ${lang} back-office text for ${key}`);
    return value;
  }

  it.each(['th', 'en'] as const)('back office in %s', async (lang) => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await context.addInitScript((l) => localStorage.setItem('backoffice-locale', l), lang);
    const page = await context.newPage();
    const found: string[] = [];
    const check = async (label: string) => found.push(...(await axeViolations(page, `backoffice ${lang} ${label}`)));

    await page.goto('/backoffice/sign-in');
    await page.locator('input[name=username]').waitFor();
    await settle(page);
    await check('sign-in');
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill('admin1234');
    await page.getByRole('button', { name: boText(lang, 'signIn.submit') }).click();
    await expect.poll(() => page.getByTestId('operator-name').textContent()).toBe('admin');
    // Home is the dashboard: checked once its figures are in.
    await page.getByTestId('today-figures').waitFor();
    await settle(page);
    await check('home');
    for (const [screen, nav] of [
      ['staff', 'nav.staff'],
      ['audit', 'nav.audit'],
      ['account', 'nav.account'],
    ] as const) {
      await page.getByRole('link', { name: boText(lang, nav) }).click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settle(page);
      await check(screen);
    }
    await page.getByRole('button', { name: boText(lang, 'account.totpStart') }).click();
    await page.getByTestId('totp-secret').waitFor();
    await check('account, two-factor enrolment');
    await page.getByRole('link', { name: boText(lang, 'nav.staff') }).click();
    await page.getByRole('button', { name: boText(lang, 'staff.create') }).click();
    await page.getByRole('dialog').waitFor();
    await check('staff, create dialog');
    await context.close();
    expect(found.join('\n'), 'serious or critical axe violations').toBe('');
  });
});
