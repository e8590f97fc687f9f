import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_VIEWPORTS,
  type BackofficeLang,
  backofficeText as bo,
  openBackofficePage,
  searchPlayers,
  signInToBackoffice,
} from './support/backoffice.ts';
import { launchBrowser, overflowingElements, screenshot } from './support/browser.ts';
import { postJson, registerPlayer, type TestPlayer } from './support/players.ts';
import { type RunningServer, startServer } from './support/server.ts';

/** The operator's account the sandbox bank feed watches (seeded). */
const OPERATOR_ACCOUNT = '1234567890';

/** Clicks the table's CSV button and reads the file the browser saved. */
async function downloadCsv(page: Page, lang: BackofficeLang): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: bo(lang, 'table.exportCsv') }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

describe('back office: CSV exports', () => {
  let server: RunningServer;
  let browser: Browser;
  let player: TestPlayer;
  const from = `56${String(Date.now()).slice(-8)}`;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    player = await registerPlayer(server.url);
    // Something in the money desk's first queue to list and export.
    await postJson(server.url, '/sandbox/bank/transfer', { to: OPERATOR_ACCOUNT, from, fromBank: 'SCB', amount: 4321 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(['en', 'th'] as const)('downloads the players search and a money-desk queue as CSV (%s)', async (lang) => {
    const page = await openBackofficePage(browser, server, BACKOFFICE_VIEWPORTS.desktop, lang);
    await signInToBackoffice(page, lang);

    await page.getByRole('link', { name: bo(lang, 'nav.players'), exact: true }).click();
    await searchPlayers(page, lang, player.phone);
    await page.getByRole('link', { name: player.phone }).waitFor();
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, `backoffice-players-export-desktop-${lang}`);
    const players = await downloadCsv(page, lang);
    expect(players.name).toMatch(/^players-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = players.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,username,name,status,bankCode,bankAccountNo,currency,wallet,createdAt');
    expect(lines.slice(1)).toEqual([expect.stringContaining(`,${player.phone},Malee Player,active,`)]);

    await page.getByRole('link', { name: bo(lang, 'nav.moneyDesk') }).click();
    const row = page.getByRole('row').filter({ hasText: '4,321.00' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await overflowingElements(page)).toEqual([]);
    // The open-button column's header is for screen readers only: its text takes no room on screen.
    const hidden = await page
      .getByRole('columnheader', { name: bo(lang, 'moneyDesk.open') })
      .locator('span')
      .boundingBox();
    expect(hidden?.width).toBeLessThanOrEqual(1);
    await screenshot(page, `backoffice-money-desk-export-desktop-${lang}`);
    const queue = await downloadCsv(page, lang);
    expect(queue.name).toMatch(/^transfers-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(queue.text.split('\r\n')[0]).toMatch(/^id,queue,createdAt,ageSeconds,amount,currency,/);
    expect(queue.text).toContain(`,transfers,`);
    expect(queue.text).toContain(`,4321,THB,`);
    expect(queue.text).toContain(`,${from},`);
    await page.context().close();
  });
});
