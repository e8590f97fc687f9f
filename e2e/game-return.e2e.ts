import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, useLanguage } from './support/app.ts';
import { openPhoneApp, type PhoneApp } from './support/phone-app.ts';
import { fundWallet, PLAYER_PASSWORD, registerPlayer } from './support/players.ts';

/**
 * Issue 18, item 14: "back to wallet" in the demo game returns to the wallet tab the game was opened from
 * (it focuses and reloads it, so the balances moved while playing show), instead of opening the wallet a
 * second time inside the game's tab.
 */
describe('back to wallet from the demo game', () => {
  let app: PhoneApp;
  let page: Page;

  beforeAll(async () => {
    app = await openPhoneApp();
    page = app.page;
    const { phone } = await registerPlayer(app.server.url);
    await fundWallet(app.server.url, phone, 100);
    await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
    await page.goto('/login');
    await useLanguage(page, 'en');
    await logIn(page, phone, PLAYER_PASSWORD);
    await page.waitForURL(/\/user/);
    await page.getByTestId('game-card-pg').click();
    await page.getByTestId('open-account').click();
    await page.getByTestId('game-username').waitFor();
  });
  afterAll(async () => app?.close());

  it('closes the game tab and brings the existing wallet tab back, reloaded', async () => {
    const [game] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('launch-play').click()]);
    await game.getByTestId('spin').waitFor();
    expect(page.context().pages()).toHaveLength(2);

    const reloaded = page.waitForEvent('load');
    await game.getByTestId('back-to-wallet').click();
    await reloaded;
    await expect.poll(() => game.isClosed()).toBe(true);
    expect(page.context().pages()).toEqual([page]);
    expect(new URL(page.url()).pathname).toMatch(/^\/user/);
    await page.getByTestId('wallet-amount').waitFor();
  });
});
