import { join } from 'node:path';
import { LIST_COUNT_CAP } from '@wallet/contract/backoffice/csv-export';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_VIEWPORTS,
  type BackofficeLang,
  backofficeText,
  openBackofficePage,
  signInToBackoffice,
} from './support/backoffice.ts';
import { launchBrowser, overflowingElements, screenshot } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * A back-office list longer than the count window (issue 19, cost as data grows): the server counts only
 * up to LIST_COUNT_CAP, and the operator is told there is more, pages within the window and is offered
 * no page past it.
 */
describe('a back-office list past the count window', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // A busy year of sign-ins in the audit log, written straight into the server's database.
    const db = new Database(join(server.dataDir, 'wallet.db'));
    try {
      const insert = db.prepare(
        `insert into audit_log (id, at, operator_id, operator_username, operator_role, action, target_type,
           target_id, before_json, after_json, reason, ip, request_id)
         values (?, ?, null, 'bulk', null, 'operator.login', 'operator', 'bulk', null, null, null, 'local', ?)`,
      );
      const start = Date.now() - 365 * 24 * 3600_000;
      db.transaction(() => {
        for (let i = 0; i < LIST_COUNT_CAP + 500; i += 1) {
          insert.run(`LONG${String(i).padStart(8, '0')}`, start + i * 3000, `bulk-${i}`);
        }
      })();
    } finally {
      db.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const lang of ['th', 'en'] as const satisfies BackofficeLang[]) {
    it(`says "more than ${LIST_COUNT_CAP.toLocaleString('en')}" and pages within the window (${lang})`, async () => {
      const page = await openBackofficePage(browser, server, BACKOFFICE_VIEWPORTS.desktop, lang);
      await signInToBackoffice(page, lang);
      await page.getByRole('link', { name: backofficeText(lang, 'nav.audit') }).click();
      const max = LIST_COUNT_CAP.toLocaleString('en');
      const footer = page.locator('.table-footer');
      await expect
        .poll(() => footer.locator('p.muted').textContent())
        .toBe(backofficeText(lang, 'table.totalCapped', { max }));
      await expect
        .poll(() => page.getByTestId('export-capped').textContent())
        .toBe(backofficeText(lang, 'table.exportCapped', { max, total: `${max}+` }));

      if (lang === 'en') {
        // Paging on to the end: the last page offered is the window's last, it lists rows, and nothing follows.
        const pages = footer.getByRole('navigation');
        const rowsOnPage = await page.getByTestId('audit-row').count();
        const highestShown = async () =>
          Math.max(...(await pages.locator('button[aria-label]').allTextContents()).map(Number).filter(Boolean));
        const next = pages.getByRole('button', { name: backofficeText(lang, 'ui.nextPage') });
        while (!(await next.isDisabled())) {
          const target = await highestShown();
          await pages.getByRole('button', { name: backofficeText(lang, 'ui.page', { page: String(target) }) }).click();
          await expect.poll(() => pages.locator('[aria-current=page]').textContent()).toBe(String(target));
        }
        expect(await highestShown()).toBe(Math.ceil(LIST_COUNT_CAP / rowsOnPage));
        await expect.poll(() => page.getByTestId('audit-row').count()).toBeGreaterThan(0);
      }
      await footer.scrollIntoViewIfNeeded();
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `backoffice-audit-capped-${lang}`);
      await page.context().close();
    });
  }
});
