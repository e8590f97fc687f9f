import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_VIEWPORTS,
  type BackofficeLang,
  backofficeText,
  openBackofficePage,
  signInToBackoffice,
} from './support/backoffice.ts';
import { launchBrowser, overflowingElements, SCREENS_DIR, screenshot } from './support/browser.ts';
import { fundWallet, registerPlayer } from './support/players.ts';
import { ledgerCheck, type RunningServer, startServer } from './support/server.ts';

/** A figure as the dashboard prints it (2 decimals, thousands separators) → a number. */
function figure(textContent: string | null): number {
  return Number((textContent ?? '').replace(/[^\d.-]/g, ''));
}

async function todayFigure(page: Page, testId: string): Promise<number> {
  return figure(await page.getByTestId(testId).locator('dd').textContent());
}

describe('the back-office dashboard', () => {
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

  it("an owner signs in and finds today's deposit of a player, from the ledger", async () => {
    const page = await openBackofficePage(browser, server, BACKOFFICE_VIEWPORTS.desktop, 'en');
    await signInToBackoffice(page, 'en');
    // Home is the dashboard. The demo seed may already have booked money today; the test counts on top.
    await page.getByTestId('today-figures').waitFor();
    const depositsBefore = await todayFigure(page, 'today-deposits');
    const newPlayersBefore = await todayFigure(page, 'today-new-players');

    const player = await registerPlayer(server.url);
    await fundWallet(server.url, player.phone, 1234.56);

    await page.reload();
    await page.getByTestId('today-figures').waitFor();
    await expect.poll(() => todayFigure(page, 'today-deposits')).toBeCloseTo(depositsBefore + 1234.56, 2);
    expect(await todayFigure(page, 'today-new-players')).toBe(newPlayersBefore + 1);
    expect(await todayFigure(page, 'today-active-players')).toBeGreaterThanOrEqual(1);
    // The first row of the table is today, with the same figure, printed with separators.
    const today = page.getByTestId('dashboard-day').first();
    expect(await today.innerText()).toContain(
      (depositsBefore + 1234.56).toLocaleString('en-US', { minimumFractionDigits: 2 }),
    );
    // The same books pass the operator's ledger check.
    expect(ledgerCheck(server).status).toBe(0);
  });

  it.each([
    ['desktop', 'en'],
    ['desktop', 'th'],
    ['tablet', 'en'],
    ['tablet', 'th'],
  ] as const)('fits a %s in %s, fully translated', async (viewport, lang: BackofficeLang) => {
    const page = await openBackofficePage(browser, server, BACKOFFICE_VIEWPORTS[viewport], lang);
    await signInToBackoffice(page, lang);
    await page.getByTestId('today-figures').waitFor();
    await page.getByTestId('money-chart').waitFor();
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(backofficeText(lang, 'dashboard.title'));
    expect(await page.getByRole('link', { name: backofficeText(lang, 'nav.dashboard') }).count()).toBe(1);
    expect(await overflowingElements(page), `${viewport} ${lang}`).toEqual([]);
    await screenshot(page, `backoffice-dashboard-${viewport}-${lang}`);
    // The whole page too: the chart and the day table sit below the first screen.
    await page.screenshot({
      path: join(SCREENS_DIR, `backoffice-dashboard-${viewport}-${lang}-full.png`),
      fullPage: true,
    });
    await page.context().close();
  });
});
