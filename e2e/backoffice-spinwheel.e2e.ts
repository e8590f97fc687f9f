import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SpinWheelPayload, SpinWheelView } from '@wallet/contract/backoffice/spinwheel';
import { expectedWheelCost } from '@wallet/contract/backoffice/spinwheel-rules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import {
  BACKOFFICE_SIZES,
  type BackofficeLang,
  type BackofficeSize,
  backofficeText as bo,
  DEMO_OWNER,
  openBackofficePage,
  signInToBackoffice,
} from './support/backoffice.ts';
import { launchBrowser, overflowingElements, SCREENS_DIR, screenshot } from './support/browser.ts';
import { callJson, postJson } from './support/players.ts';
import { ledgerCheck, type RunningServer, startServer } from './support/server.ts';

/** The demo player the seed gives coins (README). */
const DEMO_PLAYER = { username: '0812345678', password: 'demo1234' } as const;
const MARKETING = { username: 'marketing.e2e', password: 'marketing e2e own secret' } as const;

/** What the editor shows for a bonus per spin: baht with 2 decimals. */
const baht = (minor: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);

/** A wheel as its edit form sends it back (what the server keeps of each slice). */
function payloadOf(wheel: SpinWheelView): SpinWheelPayload {
  return {
    names: wheel.names,
    startsAt: wheel.startsAt,
    endsAt: wheel.endsAt,
    active: wheel.active,
    couponValidDays: wheel.couponValidDays,
    slices: wheel.slices.map(({ remaining: _r, won: _w, ...slice }) => slice),
  };
}

/**
 * Issue 16, back-office side: marketing opens the seeded wheel, changes a slice's weight and sees the
 * expected cost follow before saving; the wheel, spun by a player, saves as a new version. An operator reads
 * the spin log and hands over a claimed non-cash prize after confirming. Every spin-wheel screen is
 * photographed at 1280x800 and 820x1180 in th and en.
 */
describe('the operator runs the spin wheel in the back office', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: string;
  let player: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ token: owner } = await postJson<{ token: string }>(server.url, '/api/backoffice/login', DEMO_OWNER));
    // A marketing operator, as the owner makes one; the temporary password is replaced at once.
    const { temporaryPassword } = await callJson<{ temporaryPassword: string }>(
      server.url,
      'POST',
      '/api/backoffice/staff',
      owner,
      { username: MARKETING.username, role: 'marketing' },
    );
    const { token: first } = await postJson<{ token: string }>(server.url, '/api/backoffice/login', {
      username: MARKETING.username,
      password: temporaryPassword,
    });
    await callJson(server.url, 'POST', '/api/backoffice/me/password', first, {
      currentPassword: temporaryPassword,
      newPassword: MARKETING.password,
    });
    ({ token: player } = await postJson<{ token: string }>(server.url, '/api/login', DEMO_PLAYER));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const wheels = () =>
    callJson<{ items: SpinWheelView[] }>(server.url, 'GET', '/api/backoffice/spinwheel/wheels', owner).then(
      (r) => r.items,
    );
  const spin = () =>
    callJson<{ success: boolean; code?: string; error?: string }>(
      server.url,
      'POST',
      '/api/spinwheel/spin',
      player,
      {},
    );

  async function operatorPage(
    lang: BackofficeLang,
    size: BackofficeSize,
    operator: { username: string; password: string } = DEMO_OWNER,
  ): Promise<Page> {
    const page = await openBackofficePage(browser, server, BACKOFFICE_SIZES[size], lang);
    await signInToBackoffice(page, lang, operator);
    return page;
  }

  /** Saved for the lead under artifacts/screens and for the helper's viewer under /tmp/shots/spin-bo. */
  async function shot(page: Page, name: string): Promise<void> {
    await page.evaluate(() => document.fonts.ready);
    expect(await overflowingElements(page), name).toEqual([]);
    await screenshot(page, name);
    mkdirSync('/tmp/shots/spin-bo', { recursive: true });
    copyFileSync(join(SCREENS_DIR, `${name}.png`), join('/tmp/shots/spin-bo', `${name}.png`));
  }

  it('marketing changes a weight, sees the expected cost follow before saving, and saves a spun wheel as a new version', async () => {
    const [seeded] = (await wheels()).filter((wheel) => wheel.active);
    expect(seeded?.slices.length).toBe(8);
    if (!seeded) return;
    // A player spins it: the wheel is no longer edited in place.
    expect((await spin()).success).toBe(true);
    const before = (await wheels()).find((wheel) => wheel.id === seeded.id);
    expect(before?.spins).toBe(1);

    const page = await operatorPage('en', 'desktop', MARKETING);
    await page.getByRole('link', { name: bo('en', 'nav.spinwheel') }).click();
    const row = page.getByTestId(`wheel-${seeded.id}`);
    await row.getByRole('button', { name: bo('en', 'spinwheel.edit') }).click();
    const form = page.getByTestId('wheel-form');
    await form.waitFor();
    expect(await form.getByTestId('version-notice').textContent()).toBe(
      bo('en', 'spinwheel.versionNotice', {
        spins: '1',
        version: String(seeded.version),
        next: String(seeded.version + 1),
      }),
    );
    const cost = form.getByTestId('bonus-per-spin');
    expect(await cost.textContent()).toBe(baht(seeded.expected.bonusPerSpin));

    // The bonus slice with the highest prize: doubling its weight raises the cost per spin.
    const index = seeded.slices.reduce(
      (best, slice, i) =>
        slice.prizeType === 'bonus' && slice.amount > (seeded.slices[best]?.amount ?? 0) && slice.weight > 0 ? i : best,
      seeded.slices.findIndex((slice) => slice.prizeType === 'bonus'),
    );
    const newWeight = (seeded.slices[index]?.weight ?? 1) * 2 + 5;
    const changed = seeded.slices.map((slice, i) => (i === index ? { ...slice, weight: newWeight } : slice));
    const expected = expectedWheelCost(changed);
    const weight = form.getByTestId(`slice-${index}`).getByLabel(bo('en', 'spinwheel.weight'));
    await weight.fill(String(newWeight));
    await expect.poll(() => cost.textContent()).toBe(baht(expected.bonusPerSpin));
    expect(baht(expected.bonusPerSpin)).not.toBe(baht(seeded.expected.bonusPerSpin));
    await shot(page, 'bo-spinwheel-weight-changed-desktop-en');

    await form
      .getByRole('button', { name: bo('en', 'spinwheel.saveVersion', { next: String(seeded.version + 1) }) })
      .click();
    await page.getByTestId(`wheel-${seeded.id}`).waitFor();
    const after = (await wheels()).find((wheel) => wheel.id === seeded.id);
    expect(after?.version).toBe(seeded.version + 1);
    expect(after?.spins).toBe(0);
    expect(after?.slices[index]?.weight).toBe(newWeight);
    expect(after?.expected.bonusPerSpin).toBeCloseTo(expected.bonusPerSpin, 6);
    // The audit log keeps who changed it.
    const audit = await callJson<{ items: { action: string; operatorUsername: string }[] }>(
      server.url,
      'GET',
      '/api/backoffice/audit?action=spinwheel.wheel_update',
      owner,
    );
    expect(audit.items[0]?.operatorUsername).toBe(MARKETING.username);
  });

  it('an operator hands over a claimed non-cash prize after confirming it', async () => {
    const active = (await wheels()).find((wheel) => wheel.active);
    if (!active) throw new Error('no active wheel');
    // A wheel that can only land on a cap, so the player's spin wins an item.
    const base = payloadOf(active);
    const itemWheel: SpinWheelPayload = {
      ...base,
      names: { th: 'วงล้อหมวก', lo: '', en: 'Cap wheel' },
      active: true,
      slices: [
        {
          ...base.slices[0]!,
          code: 'CAP',
          labels: { th: 'หมวก', lo: 'ໝວກ', en: 'Cap' },
          prizeType: 'item',
          amount: 0,
          bonusCode: null,
          weight: 1,
          stock: 5,
          itemNames: { th: 'หมวก', lo: '', en: 'Cap' },
        },
        {
          ...base.slices[1]!,
          code: 'NONE',
          labels: { th: 'ลองใหม่', lo: 'ລອງໃໝ່', en: 'Try again' },
          prizeType: 'coins',
          amount: 1,
          bonusCode: null,
          weight: 0,
          stock: null,
          itemNames: { th: '', lo: '', en: '' },
        },
      ],
    };
    const { wheel } = await callJson<{ wheel: SpinWheelView }>(
      server.url,
      'POST',
      '/api/backoffice/spinwheel/wheels',
      owner,
      itemWheel,
    );
    const won = await spin();
    expect(won).toMatchObject({ success: true, code: 'CAP' });
    const { coupons } = await callJson<{ coupons: { id: string; slice: { code: string }; claimed: boolean }[] }>(
      server.url,
      'GET',
      '/api/spinwheel/coupon',
      player,
    );
    const cap = coupons.find((coupon) => coupon.slice.code === 'CAP' && !coupon.claimed);
    expect(cap).toBeDefined();
    await callJson(server.url, 'POST', '/api/spinwheel/coupon/claim', player, { coupon: cap?.id });

    const page = await operatorPage('en', 'desktop');
    await page.goto('/backoffice/spinwheel?tab=coupons');
    const row = page.getByTestId(`coupon-${cap?.id}`);
    await row.waitFor();
    await row.getByRole('button', { name: bo('en', 'spinwheel.fulfil') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('fulfil-dialog').waitFor();
    expect(await dialog.textContent()).toContain('หมวก');
    await shot(page, 'bo-spinwheel-fulfil-dialog-desktop-en');
    expect(await axeViolations(page, 'fulfil dialog')).toEqual([]);
    await dialog.getByRole('button', { name: bo('en', 'spinwheel.fulfilConfirm') }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain(bo('en', 'spinwheel.statuses.fulfilled'));
    expect(await row.getByRole('button', { name: bo('en', 'spinwheel.fulfil') }).count()).toBe(0);

    // The log lists the spin on that wheel.
    await page.getByRole('tab', { name: bo('en', 'spinwheel.tabs.spins') }).click();
    await page.getByLabel(bo('en', 'spinwheel.wheel'), { exact: true }).selectOption(wheel.id);
    await page.getByRole('button', { name: bo('en', 'spinwheel.apply') }).click();
    await expect.poll(() => page.getByTestId('spin-row').count()).toBe(1);
    expect(await page.getByTestId('spin-row').textContent()).toContain('CAP');
    // The report: the cap won once on that wheel, as its weight (the only one) expected, and claimed.
    await page.getByRole('tab', { name: bo('en', 'spinwheel.tabs.report') }).click();
    await page.getByLabel(bo('en', 'spinwheel.wheel'), { exact: true }).selectOption(wheel.id);
    await page.getByRole('button', { name: bo('en', 'spinwheel.apply') }).click();
    const cells = page.getByTestId(`report-CAP-v${wheel.version}`).locator('td');
    await expect.poll(async () => (await cells.allTextContents()).slice(4)).toEqual(['1', '1', '1.0', '0.0', '1']);
    expect(ledgerCheck(server).status).toBe(0);
  });

  it.each([
    ['desktop', 'en'],
    ['tablet', 'en'],
    ['desktop', 'th'],
    ['tablet', 'th'],
  ] as const satisfies ReadonlyArray<readonly [BackofficeSize, BackofficeLang]>)(
    'every spin-wheel screen fits a %s in %s',
    async (size, lang) => {
      const page = await operatorPage(lang, size);
      await page.goto('/backoffice/spinwheel');
      await page.locator('tr[data-testid^=wheel-]').first().waitFor();
      await shot(page, `bo-spinwheel-wheels-${size}-${lang}`);
      await page
        .locator('tr[data-testid^=wheel-]')
        .first()
        .getByRole('button', { name: bo(lang, 'spinwheel.edit') })
        .click();
      await page.getByTestId('wheel-form').waitFor();
      await shot(page, `bo-spinwheel-form-${size}-${lang}`);
      await page.getByTestId('slice-0').scrollIntoViewIfNeeded();
      await shot(page, `bo-spinwheel-slice-${size}-${lang}`);
      for (const tab of ['spins', 'coupons', 'report'] as const) {
        await page.getByRole('tab', { name: bo(lang, `spinwheel.tabs.${tab}`) }).click();
        await page.getByRole('tabpanel').locator('table').first().waitFor();
        await page.waitForLoadState('networkidle');
        await shot(page, `bo-spinwheel-${tab}-${size}-${lang}`);
      }
    },
  );
});
