import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lang, text, useLanguage } from './support/app.ts';
import {
  BACKOFFICE_VIEWPORTS,
  type BackofficeLang,
  backofficeText,
  openBackofficePage,
  signInToBackoffice,
} from './support/backoffice.ts';
import { launchBrowser, overflowingElements, phoneContext, screenshot } from './support/browser.ts';
import { fundWallet, signInNewPlayer, type TestPlayer } from './support/players.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The screens this change touched, in every language they speak: the player's profile with its name editor
 * (phone, th/lo/en), and the back office's settings (chat switch), player records, audit log and sandbox
 * SMS codes (desktop, th/en).
 */
describe('profile name, chat switch, player records, audit targets and sandbox SMS codes on screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let player: TestPlayer;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(['th', 'lo', 'en'] as Lang[])('the profile edits the name (%s)', async (lang) => {
    const page = await (await phoneContext(browser, server.url)).newPage();
    player = await signInNewPlayer(page, server.url);
    await fundWallet(server.url, player.phone, 500);
    await useLanguage(page, lang);
    await page.goto('/user/profile');
    await page.getByRole('button', { name: text(lang, 'profile.editName') }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await screenshot(page, `ops-profile-edit-name-${lang}`);
    expect(await overflowingElements(page)).toEqual([]);
    await dialog.locator('input[name=name]').fill(`Malee ${lang}`);
    await dialog.getByRole('button', { name: text(lang, 'common.save') }).click();
    await expect.poll(() => page.getByText(`Malee ${lang}`).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  async function shot(page: Page, lang: BackofficeLang, path: string, name: string, ready: string) {
    await page.goto(`/backoffice${path}`);
    await expect.poll(() => page.getByText(ready).first().isVisible()).toBe(true);
    await screenshot(page, `ops-bo-${name}-${lang}`);
  }

  it.each(['th', 'en'] as BackofficeLang[])('the back office screens (%s)', async (lang) => {
    const page = await openBackofficePage(browser, server, BACKOFFICE_VIEWPORTS.desktop, lang);
    await signInToBackoffice(page, lang);
    await shot(page, lang, '/settings', 'settings', backofficeText(lang, 'settings.chatTitle'));
    await page.getByTestId('chat-switch').click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await screenshot(page, `ops-bo-chat-switch-${lang}`);
    await page.keyboard.press('Escape');
    await shot(page, lang, '/sandbox-sms', 'sandbox-sms', backofficeText(lang, 'sandboxSms.title'));
    await page.goto('/backoffice/players');
    await page.getByLabel(backofficeText(lang, 'players.searchLabel')).fill(player.phone);
    await page.getByLabel(backofficeText(lang, 'players.searchLabel')).press('Enter');
    await page.getByRole('link', { name: player.phone }).first().click();
    await expect.poll(() => page.getByText('+500.00').first().isVisible()).toBe(true);
    await screenshot(page, `ops-bo-player-${lang}`);
    await shot(page, lang, '/audit', 'audit', backofficeText(lang, 'audit.title'));
    await page.context().close();
  });
});
