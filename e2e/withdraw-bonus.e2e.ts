import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lang, logIn, money, text, useLanguage } from './support/app.ts';
import { launchBrowser, overflowingElements, phoneContext, screenshot } from './support/browser.ts';
import { fundWallet, PLAYER_PASSWORD, registerPlayer } from './support/players.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * A new player's way into a bonus and out of it, at 390x844 in th, lo and en: the Transfer dialog offers
 * game accounts not opened yet and opens one on the way; the bonus modal says game money must come home
 * and brings it in one tap; the Withdraw dialog shows the running bonus, what is left to reach and what
 * withdrawing forfeits, before any confirm step.
 */
describe('withdraw with a running bonus', () => {
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

  async function signedIn(lang: Lang, funds: number): Promise<Page> {
    const player = await registerPlayer(server.url);
    await fundWallet(server.url, player.phone, funds);
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
    await page.goto('/login');
    await useLanguage(page, lang);
    await logIn(page, player.phone, PLAYER_PASSWORD);
    await page.waitForURL(/\/user/);
    return page;
  }

  const settle = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
  };

  it.each(['th', 'lo', 'en'] as Lang[])(
    '%s: opens a game on the way, takes a bonus, sees it in Withdraw',
    async (lang) => {
      const page = await signedIn(lang, 200);
      await expect.poll(() => money(page, 'wallet-amount')).toBe(200);

      // A new player: the Transfer dialog offers pg although it is not opened, and opens it on the way.
      await page.getByTestId('open-transfer').click();
      await page.locator('select[name=to]').selectOption('pg');
      const hint = page.getByTestId('transfer-opens-hint');
      await hint.waitFor();
      expect(await hint.innerText()).toBe(text(lang, 'transfer.opensAccount', { name: 'Pearl Grove' }));
      await page.locator('input[name=amount]').fill('50');
      await settle(page);
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `transfer-unopened-${lang}`);
      await page.getByTestId('transfer-submit').click();
      await expect.poll(() => money(page, 'game-card-amount-pg')).toBe(50);
      expect(await page.getByTestId('game-card-pg').getAttribute('data-active')).toBe('true');

      // Taking a bonus with money in a game: said up front, brought home in one tap.
      await page.getByTestId('widget-bonus').click();
      await page.waitForURL(/\/user\/bonus$/);
      await page.getByTestId('bonus-card-WELCOME100').click();
      const modal = page.getByRole('dialog');
      const games = modal.getByTestId('bonus-games');
      await games.waitFor();
      expect(await games.innerText()).toBe(text(lang, 'bonus.inGames', { amount: '50.00' }));
      expect(await modal.getByTestId('bonus-receive').isDisabled()).toBe(true);
      await settle(page);
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `bonus-modal-games-${lang}`);
      await modal.getByTestId('bonus-bring-back').click();
      await expect.poll(() => games.count()).toBe(0);
      await modal.getByTestId('bonus-receive').click();
      await page.getByTestId('bonus-active').waitFor();

      // Withdraw: the running bonus, its target and what is left, before anything is confirmed.
      await page.goto('/user/home');
      await page.getByTestId('widget-withdraw').click();
      const box = page.getByTestId('withdraw-bonus');
      await box.waitFor();
      // 200 in the wallet plus a 100% bonus: 400 to start, twice that to withdraw.
      expect(await box.getByTestId('withdraw-bonus-target').innerText()).toBe(
        text(lang, 'withdraw.bonus.targetLeft', { target: '800.00', credit: '400.00', left: '400.00' }),
      );
      expect(await box.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
      expect(await page.getByTestId('withdraw-all').isDisabled()).toBe(true);
      await settle(page);
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `withdraw-bonus-${lang}`);
    },
  );
});
