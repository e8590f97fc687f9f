import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lang, text, useLanguage } from './support/app.ts';
import { overflowingElements, screenshot } from './support/browser.ts';
import { openPhoneApp, type PhoneApp } from './support/phone-app.ts';
import { fundWallet, postJson, signInNewPlayer, type TestPlayer } from './support/players.ts';

const LANGS: Lang[] = ['th', 'lo', 'en'];

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  if (!token) throw new Error('not logged in');
  return token;
}

async function openDeposit(page: Page): Promise<void> {
  await page.goto('/user/home');
  await page.getByTestId('widget-deposit').click();
  await page.getByTestId('deposit-dialog').waitFor();
}

/** The deposit dialog's states a product walk found missing: received, offline with a QR, play, paused. */
describe('deposit dialog states in th, lo and en', () => {
  let app: PhoneApp;
  let page: Page;
  let player: TestPlayer;

  beforeAll(async () => {
    app = await openPhoneApp();
    page = app.page;
    player = await signInNewPlayer(page, app.server.url);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('says "received" when a bank transfer lands while the dialog is open, and on Home when it is closed', async () => {
    for (const lang of LANGS) {
      await useLanguage(page, lang);
      await openDeposit(page);
      await page.getByTestId('deposit-bank-KBANK').first().waitFor();
      // The socket connects once the page is idle: a transfer before that would only reload the wallet.
      await page.waitForTimeout(1_500);
      await fundWallet(app.server.url, player.phone, 500);
      const received = text(lang, 'wallet.depositReceived', { amount: '500.00' });
      await page.locator('.deposit-dialog .toast', { hasText: received }).waitFor();
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `deposit-received-dialog-${lang}`);
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('deposit-dialog').waitFor({ state: 'detached' });
    await fundWallet(app.server.url, player.phone, 500);
    const onHome = text('en', 'wallet.depositReceived', { amount: '500.00' });
    await page.locator('.toast-region .toast', { hasText: onHome }).last().waitFor();
    await screenshot(page, 'deposit-received-home-en');
  });

  it('keeps an open QR on screen offline and shows it paid after reconnecting', async () => {
    for (const lang of LANGS) {
      await useLanguage(page, lang);
      await openDeposit(page);
      await page.getByTestId('deposit-tab-qr').click();
      await page.getByTestId('qr-pick-KBANK').click();
      await page.getByTestId('qr-quick-KBANK-100').click();
      await page.getByTestId('qr-create-KBANK').click();
      await page.getByTestId('qr-image-KBANK').waitFor();
      const res = await fetch(`${app.server.url}/api/qrcode/KBANK`, {
        headers: { authorization: `Bearer ${await tokenOf(page)}` },
      });
      const qr = (await res.json()) as { qrcodeId: string };

      await page.context().setOffline(true);
      await page.getByTestId('qr-offline-KBANK').waitFor();
      expect(await page.getByTestId('offline-screen').count()).toBe(0);
      expect(await page.getByTestId('qr-image-KBANK').isVisible()).toBe(true);
      expect(await page.getByTestId('qr-countdown-KBANK').isVisible()).toBe(true);
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `deposit-qr-offline-${lang}`);

      await postJson(app.server.url, `/sandbox/qr/${qr.qrcodeId}/pay`, {});
      await page.context().setOffline(false);
      await page.getByTestId('qr-paid-KBANK').waitFor();
      expect(await page.getByTestId('qr-create-KBANK').count()).toBe(0);
      await screenshot(page, `deposit-qr-paid-after-offline-${lang}`);
    }
  });

  it('offers play with the balance under the deposit methods (SPEC §2)', async () => {
    await postJson(app.server.url, '/sandbox/bank/credit', { username: player.phone, amount: 1 });
    const token = await tokenOf(page);
    await fetch(`${app.server.url}/api/wallet/activate/pg`, { headers: { authorization: `Bearer ${token}` } });
    for (const lang of LANGS) {
      await useLanguage(page, lang);
      await openDeposit(page);
      const play = page.getByTestId('deposit-play');
      await play.waitFor();
      await play.scrollIntoViewIfNeeded();
      expect(await play.innerText()).toBe(text(lang, 'deposit.play.open'));
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `deposit-play-${lang}`);
    }
  });

  it('says deposits are paused, why and until when, on every method during a time-out', async () => {
    const token = await tokenOf(page);
    const res = await fetch(`${app.server.url}/api/account/protection/timeout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ days: 1 }),
    });
    expect(res.status).toBe(200);
    for (const lang of LANGS) {
      await useLanguage(page, lang);
      await openDeposit(page);
      const paused = page.getByTestId('deposit-panel-bank').getByTestId('deposit-paused');
      await paused.waitFor();
      expect(await paused.innerText()).toContain(text(lang, 'deposit.paused.title'));
      expect(await page.getByTestId('deposit-bank-KBANK').count()).toBe(0);
      expect(await page.getByTestId('deposit-play').count()).toBe(0);
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `deposit-paused-${lang}`);
      await page.getByTestId('deposit-tab-qr').click();
      await page.getByTestId('deposit-panel-qr').getByTestId('deposit-paused').waitFor();
    }
  });
});
