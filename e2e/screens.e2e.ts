import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lang, logIn, messages, text, useLanguage } from './support/app.ts';
import { overflowingElements, screenshot } from './support/browser.ts';
import { openPhoneApp, type PhoneApp } from './support/phone-app.ts';

function allKeys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => allKeys(v, prefix ? `${prefix}.${k}` : k));
}
const KEYS = allKeys(messages.en).filter((k) => k.includes('.'));

const PUBLIC_SCREENS = ['/login', '/register', '/howto', '/contact', '/terminated', '/no-such-page'];
const PLAYER_SCREENS = ['/user/home', '/user/statement', '/user/profile', '/user/contact', '/user/bonus'];

/**
 * Every screen at 390x844 in Thai, Lao and English: nothing wider than the phone, no untranslated
 * key on screen, and the script's own web font in use (real glyphs, not a fallback or tofu).
 * The PNGs land in artifacts/screens for a person to look at.
 */
describe.each(['th', 'lo', 'en'] as Lang[])('screens in %s', (lang) => {
  let app: PhoneApp;
  let page: Page;

  beforeAll(async () => {
    app = await openPhoneApp();
    page = app.page;
    await page.goto('/login');
    await useLanguage(page, lang);
  });
  afterAll(async () => app?.close());

  async function check(path: string): Promise<void> {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    const name = `${path.replace(/\//g, '_').replace(/^_/, '') || 'root'}-${lang}`;
    await screenshot(page, name);
    expect(await page.evaluate(() => document.documentElement.lang), path).toBe(lang);
    expect(await overflowingElements(page), path).toEqual([]);
    // innerText on purpose: only what is rendered visibly counts as untranslated text.
    const body = await page.evaluate(() => document.body.innerText);
    expect(
      KEYS.filter((key) => body.includes(key)),
      path,
    ).toEqual([]);
    if (lang !== 'en') {
      const family = lang === 'th' ? 'Noto Sans Thai' : 'Noto Sans Lao';
      const sample = lang === 'th' ? 'ไทย' : 'ລາວ';
      const loaded = await page.evaluate(
        ([f, s]) =>
          document.fonts.check(`16px "${f}"`, s) &&
          [...document.fonts].some((face) => face.family.includes(f) && face.status === 'loaded'),
        [family, sample] as const,
      );
      expect(loaded, `${family} loaded on ${path}`).toBe(true);
    }
  }

  it('public screens', async () => {
    for (const path of PUBLIC_SCREENS) await check(path);
  });

  it('plays a how-to video in its modal', async () => {
    await page.goto('/howto');
    await page.locator('.howto-card').first().click();
    const video = page.getByRole('dialog').locator('video');
    await video.waitFor();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.duration > 5)).toBe(true);
    await screenshot(page, `howto-video-${lang}`);
  });

  it('register wizard step after the phone', async () => {
    await page.goto('/register');
    await page.locator('input[name=phone]').fill('0699999999');
    await page.locator('form button[type=submit]').click();
    await page.locator('input[name=otp]').waitFor();
    await screenshot(page, `register-otp-${lang}`);
    expect(await overflowingElements(page)).toEqual([]);
  });

  it('player screens and the conditions popup', async () => {
    await logIn(page, '0812345678', 'demo1234');
    await page.waitForURL('**/user/home');
    for (const path of PLAYER_SCREENS) await check(path);
    await page.getByRole('button', { name: text(lang, 'nav.conditions') }).click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, `conditions-${lang}`);
    expect(await overflowingElements(page)).toEqual([]);
  });
});
