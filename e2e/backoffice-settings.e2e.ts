import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import boEn from '../apps/backoffice/src/i18n/en.json' with { type: 'json' };
import boTh from '../apps/backoffice/src/i18n/th.json' with { type: 'json' };
import { type Lang, logIn, text } from './support/app.ts';
import { launchBrowser, overflowingElements, phoneContext, screenshot } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const backofficeMessages = { th: boTh, en: boEn } as const;
type BoLang = keyof typeof backofficeMessages;

/** A back-office text as the operator reads it. */
function bo(lang: BoLang, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], backofficeMessages[lang]);
  if (typeof value !== 'string') throw new Error(`no ${lang} back-office text for ${key}`);
  return value;
}

const BACKOFFICE_VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 1024, height: 768 },
} as const;

/** A home banner as an operator would make one: 1200 × 500, a gold gradient with stripes, as a real PNG. */
function bannerPng(hue: 'gold' | 'green'): Buffer {
  const png = new PNG({ width: 1200, height: 500 });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (png.width * y + x) << 2;
      const stripe = Math.floor((x + y) / 60) % 2 === 0 ? 30 : 0;
      const t = x / png.width;
      const [r, g, b] = hue === 'gold' ? [200 + 55 * t, 140 + 60 * t, 30] : [20, 120 + 80 * t, 80 + 40 * t];
      png.data[i] = Math.min(255, r + stripe);
      png.data[i + 1] = Math.min(255, g + stripe);
      png.data[i + 2] = Math.min(255, b + stripe);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

describe('the operator edits settings and content that players see', () => {
  let server: RunningServer;
  let browser: Browser;
  let files: { slide: string; banner: string };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const dir = join(server.dataDir, 'e2e-images');
    mkdirSync(dir, { recursive: true });
    files = { slide: join(dir, 'slide.png'), banner: join(dir, 'banner.png') };
    writeFileSync(files.slide, bannerPng('gold'));
    writeFileSync(files.banner, bannerPng('green'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function backoffice(lang: BoLang, viewport: keyof typeof BACKOFFICE_VIEWPORTS = 'desktop'): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: BACKOFFICE_VIEWPORTS[viewport],
      deviceScaleFactor: 1,
    });
    await context.addInitScript((l) => localStorage.setItem('backoffice-locale', l), lang);
    const page = await context.newPage();
    await page.goto('/backoffice/sign-in');
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill('admin1234');
    await page.getByRole('button', { name: bo(lang, 'signIn.submit') }).click();
    await expect.poll(() => page.getByTestId('operator-name').textContent()).toBe('admin');
    return page;
  }

  /** The demo player, signed in on a phone in `lang`, the agreement already accepted. */
  async function player(lang: Lang): Promise<Page> {
    const context = await phoneContext(browser, server.url);
    await context.addInitScript((l) => {
      localStorage.setItem('locale', l);
      localStorage.setItem('remember-agreement', 'true');
    }, lang);
    const page = await context.newPage();
    await logIn(page, '0812345678', 'demo1234');
    await page.waitForURL('**/user/home');
    await page.getByTestId('home-total').waitFor();
    return page;
  }

  it('an operator edits the notice in Thai and the player sees it, sanitised', async () => {
    const operator = await backoffice('th');
    await operator.getByRole('link', { name: bo('th', 'nav.content'), exact: true }).click();
    const editor = operator.getByTestId('text-editor');
    await editor.waitFor();
    await editor.fill(
      '<p><b>ประกาศ:</b> ฝากถอนตลอด 24 ชั่วโมง ปิดปรับปรุงวันอังคาร 02:00–03:00</p><img src=x onerror="window.__attacked=1">',
    );
    expect(await operator.getByTestId('text-preview').innerText()).toContain('ฝากถอนตลอด 24 ชั่วโมง');
    await operator.getByTestId('text-save').click();
    await operator.getByText(bo('th', 'content.savedText')).waitFor();
    // What the server kept is back in the editor: the handler is gone.
    await expect.poll(async () => (await editor.inputValue()).includes('onerror')).toBe(false);

    const page = await player('th');
    const notice = page.getByTestId('home-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('ประกาศ: ฝากถอนตลอด 24 ชั่วโมง ปิดปรับปรุงวันอังคาร 02:00–03:00');
    expect(await page.evaluate(() => (window as { __attacked?: number }).__attacked)).toBeUndefined();
    await page.context().close();
    await operator.context().close();
  });

  it('an operator uploads a slide and a banner that the player’s home then shows', async () => {
    const operator = await backoffice('en');
    await operator.getByRole('link', { name: bo('en', 'nav.content'), exact: true }).click();
    await operator.getByRole('tab', { name: bo('en', 'content.tabs.banners') }).click();
    const upload = async (kind: 'slide' | 'banner', file: string, alt: Record<'th' | 'lo' | 'en', string>) => {
      await operator.locator('select[name=kind]').selectOption(kind);
      await operator.getByTestId('banner-file').setInputFiles(file);
      await operator.locator('input[name=link]').fill(kind === 'slide' ? '/user/statement' : '');
      await operator.locator('input[name=alt-th]').fill(alt.th);
      await operator.locator('input[name=alt-lo]').fill(alt.lo);
      await operator.locator('input[name=alt-en]').fill(alt.en);
      await operator.getByTestId('banner-upload').click();
      await expect.poll(() => operator.locator(`img[alt="${alt.th}"]`).count()).toBe(1);
    };
    await upload('slide', files.slide, {
      th: 'โบนัสฝากแรก 100%',
      lo: 'ໂບນັດຝາກທຳອິດ 100%',
      en: 'First deposit bonus 100%',
    });
    await upload('banner', files.banner, { th: 'คืนยอดเสียทุกสัปดาห์', lo: 'ຄືນຍອດເສຍທຸກອາທິດ', en: 'Weekly cashback' });
    await operator.context().close();

    for (const lang of ['th', 'lo', 'en'] as const) {
      const page = await player(lang);
      const alt = { th: 'โบนัสฝากแรก 100%', lo: 'ໂບນັດຝາກທຳອິດ 100%', en: 'First deposit bonus 100%' }[lang];
      const slide = page.getByTestId('home-slides').locator(`img[alt="${alt}"]`);
      await slide.waitFor();
      await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
      const banner = page.getByTestId('home-banners').locator('img');
      await banner.scrollIntoViewIfNeeded();
      await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
      await page.getByTestId('home-notice').waitFor();
      expect(await overflowingElements(page), lang).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `home-notice-banners-${lang}`);
      await banner.scrollIntoViewIfNeeded();
      await screenshot(page, `home-banner-below-${lang}`);
      if (lang === 'th') {
        // The slide's link opens the statement inside the app.
        await slide.click();
        await page.waitForURL('**/user/statement');
      }
      await page.context().close();
    }
  });

  it('an operator switches the service off (the open player app shows the terminated page) and on again', async () => {
    const page = await player('en');
    const operator = await backoffice('en');
    await operator.getByRole('link', { name: bo('en', 'nav.settings'), exact: true }).click();
    await expect.poll(() => operator.getByTestId('service-state').innerText()).toBe(bo('en', 'settings.serviceActive'));
    await operator.getByTestId('service-switch').click();
    await operator.getByRole('dialog').locator('input[name=reason]').fill('Licence inspection');
    await operator.getByTestId('service-confirm').click();
    await expect
      .poll(() => operator.getByTestId('service-state').innerText())
      .toBe(bo('en', 'settings.serviceTerminated'));

    // The player's open app makes its next call and lands on the closed page.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await page.getByTestId('refresh-balance').click();
    await page.waitForURL('**/terminated');
    await expect.poll(() => page.getByText(text('en', 'terminated.title')).isVisible()).toBe(true);

    await operator.getByTestId('service-switch').click();
    await operator.getByRole('dialog').locator('input[name=reason]').fill('Inspection done');
    await operator.getByTestId('service-confirm').click();
    await expect.poll(() => operator.getByTestId('service-state').innerText()).toBe(bo('en', 'settings.serviceActive'));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await page.goto('/user/home');
    await page.getByTestId('home-total').waitFor();
    expect(page.url()).toContain('/user/home');

    // Both switches are in the audit log with their reasons.
    await operator.getByRole('link', { name: bo('en', 'nav.audit'), exact: true }).click();
    const rows = operator.getByTestId('audit-row').filter({ hasText: bo('en', 'auditActions.settings.service') });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain('Inspection done');
    await page.context().close();
    await operator.context().close();
  });

  it.each([
    ['desktop', 'en'],
    ['desktop', 'th'],
    ['tablet', 'en'],
    ['tablet', 'th'],
  ] as const)('shows the settings and content screens whole on a %s in %s', async (viewport, lang) => {
    const operator = await backoffice(lang, viewport);
    const shot = async (name: string) => {
      expect(await overflowingElements(operator), `${name} ${viewport} ${lang}`).toEqual([]);
      await screenshot(operator, `backoffice-${name}-${viewport}-${lang}`);
    };
    await operator.getByRole('link', { name: bo(lang, 'nav.settings'), exact: true }).click();
    await operator.getByTestId('service-state').waitFor();
    await shot('settings');
    await operator.getByTestId('money-save').scrollIntoViewIfNeeded();
    await shot('settings-money');
    await operator.getByRole('link', { name: bo(lang, 'nav.content'), exact: true }).click();
    await operator.getByTestId('text-editor').waitFor();
    await shot('content-texts');
    await operator.getByRole('tab', { name: bo(lang, 'content.tabs.banners') }).click();
    await operator.getByTestId('banner-upload').waitFor();
    await shot('content-banners');
    await operator.context().close();
  });
});
