import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountOf, type Lang, logIn, money, text, useLanguage } from './support/app.ts';
import { overflowingElements, phoneContext, screenshot } from './support/browser.ts';
import { openPhoneApp, type PhoneApp } from './support/phone-app.ts';
import { fundWallet, PLAYER_PASSWORD, registerPlayer } from './support/players.ts';
import { ledgerCheck } from './support/server.ts';

async function newFundedPlayer(baseUrl: string, funds: number): Promise<string> {
  const { phone } = await registerPlayer(baseUrl);
  await fundWallet(baseUrl, phone, funds);
  return phone;
}

describe('wallet: game accounts, transfers, play, statement', () => {
  let app: PhoneApp;
  let page: Page;
  let phone: string;
  let secondDevice: BrowserContext;

  beforeAll(async () => {
    app = await openPhoneApp();
    page = app.page;
    phone = await newFundedPlayer(app.server.url, 500);
    // The agreement was accepted long ago on this phone.
    await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
    await page.goto('/login');
    await useLanguage(page, 'en');
    await logIn(page, phone, PLAYER_PASSWORD);
    await page.waitForURL(/\/user/);
  });
  afterAll(async () => {
    await secondDevice?.close();
    await app?.close();
  });

  it('shows the funded wallet and every provider, closed, in three lists', async () => {
    await expect.poll(() => money(page, 'home-total')).toBe(500);
    expect(await money(page, 'wallet-amount')).toBe(500);
    expect(await page.getByTestId('game-card-pg').getAttribute('data-active')).toBe('false');
    expect(await page.getByTestId('game-card-huayhd').getAttribute('data-active')).toBe('false');
    expect(await page.getByTestId('game-card-betflix').getAttribute('data-active')).toBe('false');
    expect(await overflowingElements(page)).toEqual([]);
  });

  it('opens a game account and shows its credentials', async () => {
    await page.getByTestId('game-card-pg').click();
    await page.getByTestId('open-account').click();
    await expect.poll(() => page.getByTestId('game-username').innerText()).toMatch(/^pg/);
    expect((await page.getByTestId('game-password').innerText()).length).toBeGreaterThan(5);
    await screenshot(page, 'wallet-game-account-en');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('game-card-pg').getAttribute('data-active')).toBe('true');
  });

  it('moves money into the game, and a second device sees the wallet change live', async () => {
    secondDevice = await phoneContext(app.browser, app.server.url);
    const other = await secondDevice.newPage();
    await other.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
    await logIn(other, phone, PLAYER_PASSWORD);
    await other.waitForURL(/\/user/);
    await expect.poll(() => money(other, 'wallet-amount')).toBe(500);

    await page.getByTestId('open-transfer').click();
    await page.locator('select[name=from]').selectOption('WALLET');
    await page.locator('select[name=to]').selectOption('pg');
    await page.locator('input[name=amount]').fill('200');
    await screenshot(page, 'wallet-transfer-en');
    await page.getByTestId('transfer-submit').click();

    await expect.poll(() => money(page, 'wallet-amount')).toBe(300);
    await expect.poll(() => money(page, 'game-card-amount-pg')).toBe(200);
    expect(await money(page, 'home-total')).toBe(500);
    // No reload on the second device: the socket event brings the new balance.
    await expect.poll(() => money(other, 'wallet-amount')).toBe(300);
  });

  it('launches the demo game, plays until the balance moves, and the refresh books the result', async () => {
    await page.getByTestId('game-card-pg').click();
    const [game] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('launch-play').click()]);
    await game.waitForLoadState();
    const balanceOf = async () => Number(await game.getByTestId('game-balance').getAttribute('data-amount'));
    await expect.poll(balanceOf).toBe(200);
    await game.getByTestId('bet-10').click();
    for (let spin = 0; spin < 15 && (await balanceOf()) === 200; spin++) {
      await game.getByTestId('spin').click();
      await game.waitForFunction(() => !document.querySelector('[data-testid=spin]')?.hasAttribute('disabled'));
    }
    const after = await balanceOf();
    expect(after).not.toBe(200);
    await screenshot(game, 'wallet-demo-slot-en');
    await game.close();

    await page.keyboard.press('Escape');
    await page.getByTestId('refresh-balance').click();
    await expect.poll(() => money(page, 'game-card-amount-pg')).toBe(after);
    await expect.poll(() => money(page, 'home-total')).toBeCloseTo(300 + after, 2);
  });

  it('brings everything back to the wallet, and the statement agrees with the totals and the ledger', async () => {
    const inGame = await money(page, 'game-card-amount-pg');
    await page.getByTestId('open-transfer').click();
    await page.getByTestId('transfer-all-back').click();
    await expect.poll(() => money(page, 'wallet-amount')).toBeCloseTo(300 + inGame, 2);
    await expect.poll(() => money(page, 'game-card-amount-pg')).toBe(0);

    await page.goto('/user/statement');
    const rows = page.getByTestId('statement-row');
    await expect.poll(() => rows.count()).toBe(3);
    const amounts = await page.getByTestId('statement-amount').allInnerTexts();
    expect(amounts.map(amountOf)).toEqual([inGame, -200, 500]);
    await screenshot(page, 'wallet-statement-en');

    const check = ledgerCheck(app.server);
    expect(check.output).toContain('ledger check passed');
    expect(check.status).toBe(0);
  });

  it.each(['th', 'lo'] as Lang[])('shows the wallet, dialogs and statement in %s without overflow', async (lang) => {
    await useLanguage(page, lang);
    for (const path of ['/user/home', '/user/statement']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await overflowingElements(page), `${path} ${lang}`).toEqual([]);
      await screenshot(page, `wallet${path.replace(/\//g, '_')}-${lang}`);
    }
    await page.goto('/user/home');
    await page.getByTestId('game-card-pg').click();
    await expect.poll(() => page.getByTestId('game-username').count()).toBe(1);
    await screenshot(page, `wallet-game-account-${lang}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('open-transfer').click();
    expect(await page.locator('body').innerText()).toContain(text(lang, 'transfer.title'));
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, `wallet-transfer-${lang}`);
    await page.keyboard.press('Escape');
  });
});
