import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lang, money, text, useLanguage } from './support/app.ts';
import { overflowingElements, screenshot } from './support/browser.ts';
import { openPhoneApp, type PhoneApp } from './support/phone-app.ts';
import { callJson, postJson, signInNewPlayer } from './support/players.ts';

/**
 * Thai players write a thousand baht "1,000": typed into a real dialog, that is a thousand baht on
 * screen, in the request and in the wallet, never 1.00.
 */
describe('amounts typed the Thai way', () => {
  let app: PhoneApp;
  let page: Page;

  const token = () => page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token') ?? '');

  async function openQrForm(): Promise<void> {
    await page.goto('/user/home');
    await page.getByTestId('widget-deposit').click();
    await page.getByTestId('deposit-tab-qr').click();
    await page.getByTestId('qr-pick-KBANK').click();
  }

  beforeAll(async () => {
    app = await openPhoneApp();
    page = app.page;
    await signInNewPlayer(page, app.server.url);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a QR deposit typed "1,000" shows 1,000.00 baht by its button, asks for 1,000 and credits 1,000', async () => {
    await page.goto('/user/home');
    const before = await money(page, 'wallet-amount');
    await openQrForm();
    const box = page.getByTestId('qr-amount-KBANK');
    await box.pressSequentially('1,000');
    const summary = page.getByTestId('qr-summary-KBANK');
    expect(await summary.innerText()).toBe(`${text('en', 'deposit.qr.summary')} 1,000.00 ${text('en', 'amount.unit')}`);
    await page.getByTestId('qr-create-KBANK').click();
    await page.getByTestId('qr-image-KBANK').waitFor();
    expect(await page.locator('.qr-amount').innerText()).toContain('1,000.00');

    const qr = await callJson<{ qrcodeId: string; amount: number }>(
      app.server.url,
      'GET',
      '/api/qrcode/KBANK',
      await token(),
    );
    expect(qr.amount).toBe(1000);
    await postJson(app.server.url, `/sandbox/qr/${qr.qrcodeId}/pay`, {});
    await page.getByTestId('qr-paid-KBANK').waitFor();
    await page.getByTestId('qr-paid-done-KBANK').click();
    await expect.poll(() => money(page, 'wallet-amount')).toBe(before + 1000);
  });

  it.each(['th', 'lo', 'en'] as Lang[])(
    'shows the amount to send and the low-limit check in %s, on one screen width',
    async (lang) => {
      await useLanguage(page, lang);
      await openQrForm();
      await page.getByTestId('qr-amount-KBANK').pressSequentially('１,๐๐๐.5');
      await page.getByTestId('qr-amount-KBANK').blur();
      expect(await page.getByTestId('qr-amount-KBANK').inputValue()).toBe('1,000.50');
      expect(await page.getByTestId('qr-summary-KBANK').innerText()).toContain('1,000.50');
      expect(await overflowingElements(page), `qr ${lang}`).toEqual([]);
      await screenshot(page, `amounts-qr-${lang}`);
      await page.getByTestId('qr-amount-KBANK').fill('1.000.50');
      await page.getByTestId('qr-amount-KBANK').blur();
      expect(await page.locator('.field-error').innerText()).toBe(text(lang, 'amount.problem.points'));
      expect(await overflowingElements(page), `qr refused ${lang}`).toEqual([]);
      await screenshot(page, `amounts-qr-refused-${lang}`);
      await page.keyboard.press('Escape');

      await page.getByTestId('widget-withdraw').click();
      await page.getByTestId('withdraw-amount').pressSequentially('1,000');
      expect(await page.getByTestId('withdraw-summary').innerText()).toContain('1,000.00');
      expect(await overflowingElements(page), `withdraw ${lang}`).toEqual([]);
      await screenshot(page, `amounts-withdraw-${lang}`);
      await page.keyboard.press('Escape');

      await page.goto('/user/play-safe');
      await page.getByTestId('limit-day').pressSequentially('50');
      await page.getByTestId('limits-save').click();
      const check = page.getByTestId('limits-check');
      await check.waitFor();
      expect(await check.innerText()).toContain('50.00');
      await check.scrollIntoViewIfNeeded();
      expect(await overflowingElements(page), `limit check ${lang}`).toEqual([]);
      await screenshot(page, `amounts-limit-check-${lang}`);
      await page.getByTestId('limits-check-back').click();
      await page.getByTestId('limit-day').fill('');
    },
  );

  it('a withdrawal typed "1,000" names 1,000.00 on its confirmation and takes 1,000 from the wallet', async () => {
    await page.goto('/user/home');
    const before = await money(page, 'wallet-amount');
    await page.getByTestId('widget-withdraw').click();
    await page.getByTestId('withdraw-amount').pressSequentially('1,000');
    await page.getByTestId('withdraw-submit').click();
    expect(await page.getByTestId('withdraw-confirm-amount').innerText()).toContain('1,000.00');
    await page.getByTestId('withdraw-confirm-submit').click();
    await expect.poll(() => money(page, 'wallet-amount')).toBe(before - 1000);
  });
});
