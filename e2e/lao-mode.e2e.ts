import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { text, uniqueAccountNo } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { openPhoneApp, type PhoneApp } from './support/phone-app.ts';
import { buildWeb } from './support/server.ts';

describe('a Lao-mode build', () => {
  let app: PhoneApp;
  let page: Page;
  let webDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'web-lao-'));
    buildWeb(webDir, { VITE_LAO_MODE: 'true' });
    app = await openPhoneApp({ LAO_MODE: 'true', REGISTER_OTP: 'false', WEB_DIST_DIR: webDir });
    page = app.page;
  });
  afterAll(async () => {
    await app?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('speaks Lao by default and registers an 11-digit phone with a currency, skipping OTP', async () => {
    await page.goto('/register');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('lo');
    await page.locator('input[name=phone]').fill('02055512345');
    await page.locator('form button[type=submit]').click();

    await page.locator('input[name=name]').waitFor();
    await page.locator('input[name=name]').fill('ສົມພອນ');
    await page.locator('input[name=password]').fill('lao-pass');
    await page.locator('input[name=confirmPassword]').fill('lao-pass');
    await page.locator('form button[type=submit]').click();

    await page.locator('select[name=bankCode]').waitFor();
    expect(await page.getByText(text('lo', 'register.englishNameHint')).count()).toBe(0);
    await page.locator('select[name=bankCode]').selectOption('BCEL');
    await page.locator('input[name=bankAccountNo]').fill(uniqueAccountNo());
    await page.locator('input[name=firstName]').fill('ສົມພອນ');
    await page.locator('input[name=lastName]').fill('ໄຊຍະວົງ');
    await page.locator('select[name=currency]').selectOption('LAK');
    await screenshot(page, 'lao-mode-register-bank-lo');
    await page.locator('form button[type=submit]').click();
    // Registered and signed in at once: SPEC's 2 s redirect lands on the player's home.
    await page.waitForURL('**/user/home', { timeout: 10_000 });
  });
});
