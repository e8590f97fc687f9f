import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmsVendor, startFakeSmsVendor } from '../apps/server/src/providers/sms/testing/fake-sms-vendor.ts';
import { moviderProtocol, thaiBulkSmsProtocol } from '../apps/server/src/providers/sms/testing/vendor-protocols.ts';
import { uniquePhone, useLanguage } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { openPhoneApp, type PhoneApp } from './support/phone-app.ts';

/**
 * The register screen with the server sending its codes through ThaiBulkSMS, and Movider as fallback,
 * both played by loopback fakes: the code a player types is the one the vendor was asked to text.
 */
describe('registration codes through the Thai SMS gateways', () => {
  let app: PhoneApp;
  let page: Page;
  let thaiBulk: FakeSmsVendor;
  let movider: FakeSmsVendor;

  beforeAll(async () => {
    thaiBulk = await startFakeSmsVendor((request) => thaiBulkSmsProtocol.accepted(request));
    movider = await startFakeSmsVendor((request) => moviderProtocol.accepted(request));
    app = await openPhoneApp({
      SMS_PROVIDER: 'thaibulksms',
      THAIBULKSMS_API_URL: thaiBulk.url,
      THAIBULKSMS_API_KEY: 'e2e-tbs-key',
      THAIBULKSMS_API_SECRET: 'e2e-tbs-secret',
      SMS_FALLBACK_PROVIDER: 'movider',
      MOVIDER_API_URL: `${movider.url}/v1`,
      MOVIDER_API_KEY: 'e2e-mvd-key',
      MOVIDER_API_SECRET: 'e2e-mvd-secret',
    });
    ({ page } = app);
  });
  afterAll(async () => {
    await app?.close();
    await thaiBulk?.close();
    await movider?.close();
  });

  async function registerWithCodeFrom(vendor: FakeSmsVendor, delivered: typeof thaiBulkSmsProtocol.delivered) {
    const phone = uniquePhone();
    await page.goto('/register');
    await useLanguage(page, 'en');
    await page.locator('input[name=phone]').fill(phone);
    await page.locator('form button[type=submit]').click();
    await page.locator('input[name=otp]').waitFor();
    await expect.poll(() => vendor.received.length).toBe(1);
    const sms = delivered(vendor.received[0] as never);
    expect(sms.to).toBe(`66${phone.slice(1)}`);
    await page.locator('input[name=otp]').fill(/OTP (\d{6})/.exec(sms.text)?.[1] ?? '');
    await page.locator('form button[type=submit]').click();
    await page.locator('input[name=name]').waitFor();
  }

  it('texts the code through ThaiBulkSMS and the player goes on with it', async () => {
    thaiBulk.reset();
    movider.reset();
    await registerWithCodeFrom(thaiBulk, thaiBulkSmsProtocol.delivered);
    expect(movider.received).toHaveLength(0);
  });

  it('with ThaiBulkSMS down, texts it once through Movider instead', async () => {
    thaiBulk.reset();
    movider.reset();
    thaiBulk.answerAlways({ status: 503, body: '' });
    await registerWithCodeFrom(movider, moviderProtocol.delivered);
    expect(thaiBulk.received).toHaveLength(1);
    await screenshot(page, 'sms-fallback-register-profile-en');
  });
});
