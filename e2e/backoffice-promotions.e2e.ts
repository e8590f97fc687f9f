import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, useLanguage } from './support/app.ts';
import {
  BACKOFFICE_VIEWPORTS,
  type BackofficeLang,
  backofficeText,
  openBackofficePage,
  signInToBackoffice,
} from './support/backoffice.ts';
import { launchBrowser, overflowingElements, phoneContext, screenshot } from './support/browser.ts';
import { PLAYER_PASSWORD, registerPlayer } from './support/players.ts';
import { ledgerCheck, type RunningServer, startServer } from './support/server.ts';

/** A bonus banner as marketing would upload one: 1200 × 500, a red-to-gold gradient, as a real PNG. */
function bannerPng(): Buffer {
  const png = new PNG({ width: 1200, height: 500 });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (png.width * y + x) << 2;
      const t = x / png.width;
      png.data[i] = 200;
      png.data[i + 1] = Math.round(40 + 160 * t);
      png.data[i + 2] = 40;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

const TABS = ['bonuses', 'codes', 'invite', 'refund', 'report'] as const;

/**
 * Issue 15, back-office side: an operator creates a bonus type (with an uploaded banner) in the back
 * office and a player then finds it on the Bonus screen; every promotions screen is photographed on a
 * desktop in th and en.
 */
describe('the operator runs promotions in the back office', () => {
  let server: RunningServer;
  let browser: Browser;
  let bannerFile: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const dir = join(server.dataDir, 'e2e-images');
    mkdirSync(dir, { recursive: true });
    bannerFile = join(dir, 'bonus-banner.png');
    writeFileSync(bannerFile, bannerPng());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function operatorPage(lang: BackofficeLang): Promise<Page> {
    const page = await openBackofficePage(browser, server, BACKOFFICE_VIEWPORTS.desktop, lang);
    await signInToBackoffice(page, lang);
    return page;
  }

  it('creates a bonus type that a player then sees on the Bonus screen', async () => {
    const operator = await operatorPage('en');
    await operator.goto('/backoffice/promotions');
    await operator.getByTestId('bonus-WELCOME100').waitFor();
    await operator.getByTestId('bonus-new').click();
    const form = operator.getByTestId('bonus-form');
    await form.locator('input[name=code]').fill('e2esongkran');
    await form.locator('input[name="names.th"]').fill('โบนัสสงกรานต์');
    await form.locator('input[name="names.en"]').fill('Songkran bonus');
    await form.locator('select[name=kind]').selectOption('fixed');
    await form.locator('input[name=value]').fill('25');
    await form.locator('input[name=percentFail]').fill('15');
    await form.locator('input[name=sortOrder]').fill('0');
    await form.getByRole('button', { name: backofficeText('en', 'promotions.addBanner') }).click();
    await form.locator('.promo-banner input[type=file]').setInputFiles(bannerFile);
    await expect.poll(() => form.locator('.promo-banner img').getAttribute('src')).toMatch(/^\/media\/banners\//);
    await form.locator('.promo-banner textarea').fill('<p><strong>Songkran</strong> 25 baht<script>x()</script></p>');
    await operator.getByTestId('bonus-save').click();
    const row = operator.getByTestId('bonus-E2ESONGKRAN');
    await row.waitFor();
    expect(await row.innerText()).toContain('Songkran bonus');

    const player = await registerPlayer(server.url);
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
    await page.goto('/login');
    await useLanguage(page, 'en');
    await logIn(page, player.phone, PLAYER_PASSWORD);
    await page.waitForURL(/\/user/);
    await page.goto('/user/bonus');
    const card = page.getByTestId('bonus-card-E2ESONGKRAN');
    await card.waitFor();
    // Sort order 0 puts it before the demo bonuses.
    const codes = await page
      .locator('[data-testid^=bonus-card-]')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-testid')));
    expect(codes[0]).toBe('bonus-card-E2ESONGKRAN');
    expect(await card.locator('img').first().getAttribute('src')).toMatch(/^\/media\/banners\//);
    await card.click();
    const modal = page.getByRole('dialog');
    await modal.getByTestId('bonus-modal').waitFor();
    const html = await modal.innerHTML();
    expect(html).toContain('<strong>Songkran</strong> 25 baht');
    expect(html).not.toContain('<script');
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'bonus-from-backoffice-en');
    // Taken: the cost report then shows what it cost, and the books still balance.
    await modal.getByTestId('bonus-receive').click();
    await page.getByTestId('bonus-active').waitFor();
    await operator.goto('/backoffice/promotions?tab=report');
    const cost = operator.getByTestId('cost-bonus-E2ESONGKRAN');
    await cost.waitFor();
    expect(await cost.innerText()).toContain('25.00');
    expect(ledgerCheck(server).status).toBe(0);
  });

  it.each(['th', 'en'] as const)('%s: every promotions screen fits a desktop', async (lang) => {
    const operator = await operatorPage(lang);
    for (const tab of TABS) {
      await operator.goto(`/backoffice/promotions?tab=${tab}`);
      await operator.locator(`#promotions-panel-${tab} .card`).first().waitFor();
      await operator.waitForLoadState('networkidle');
      await operator.evaluate(() => document.fonts.ready);
      expect(await overflowingElements(operator), tab).toEqual([]);
      await screenshot(operator, `bo-promotions-${tab}-${lang}`);
    }
    await operator.goto('/backoffice/promotions?tab=bonuses');
    await operator.getByTestId('bonus-WELCOME100').getByRole('button').click();
    await operator.getByTestId('bonus-form').waitFor();
    expect(await overflowingElements(operator)).toEqual([]);
    await screenshot(operator, `bo-promotions-bonus-form-${lang}`);
    await operator.goto('/backoffice/promotions?tab=codes');
    await operator.getByTestId('code-new').click();
    await operator.getByTestId('code-form').waitFor();
    expect(await overflowingElements(operator)).toEqual([]);
    await screenshot(operator, `bo-promotions-code-form-${lang}`);
  });
});
