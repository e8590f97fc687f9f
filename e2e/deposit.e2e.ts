import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lang, money, text, useLanguage } from './support/app.ts';
import { overflowingElements, screenshot } from './support/browser.ts';
import { chooseFiles } from './support/files.ts';
import { openPhoneApp, type PhoneApp } from './support/phone-app.ts';
import { postJson, signInNewPlayer, type TestPlayer } from './support/players.ts';

import { ledgerCheck, ROOT } from './support/server.ts';

/** The operator's seeded AUTO deposit account (KBANK), where players send bank transfers. */
const OPERATOR_ACCOUNT = '1234567890';
/** Long enough to see the withdrawal held, short enough to see it paid within the test. */
const PAYOUT_DELAY_MS = 2_500;

/** The logged-in player's bearer token, read the way the app stores it. */
async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  if (!token) throw new Error('not logged in');
  return token;
}

async function openDeposit(page: Page): Promise<void> {
  await page.goto('/user/home');
  await page.getByTestId('widget-deposit').click();
  await page.getByTestId('deposit-dialog').waitFor();
}

describe('money in and out: every deposit route, a withdrawal and its payout', () => {
  let app: PhoneApp;
  let page: Page;
  let player: TestPlayer;
  const files = mkdtempSync(join(tmpdir(), 'wallet-e2e-slips-'));

  beforeAll(async () => {
    app = await openPhoneApp({ SANDBOX_PAYOUT_DELAY_MS: String(PAYOUT_DELAY_MS) });
    page = app.page;
    player = await signInNewPlayer(page, app.server.url);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('credits a bank transfer posted by the sandbox bank command, live, without a reload', async () => {
    await expect.poll(() => money(page, 'wallet-amount')).toBe(0);
    const run = spawnSync(
      'npm',
      [
        'run',
        '--silent',
        'sandbox',
        '--',
        'bank-transfer',
        '--to',
        OPERATOR_ACCOUNT,
        '--from',
        player.bankAccountNo,
        '--from-bank',
        player.bankCode,
        '--amount',
        '100',
        '--url',
        app.server.url,
      ],
      { cwd: ROOT, env: app.server.env, encoding: 'utf8' },
    );
    expect(run.status, run.stdout + run.stderr).toBe(0);
    await expect.poll(() => money(page, 'wallet-amount')).toBe(100);
  });

  it('shows the bank accounts to transfer to, with copy buttons', async () => {
    await openDeposit(page);
    await expect.poll(() => page.getByTestId('deposit-bank-KBANK').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('deposit-dialog').innerText()).toContain('123-456-7890');
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'deposit-dialog-en');
  });

  it('pays a KBANK QR through the sandbox gateway and the wallet receives it once', async () => {
    await page.getByTestId('deposit-tab-qr').click();
    // One gateway at a time: the picker first, then that gateway's form only.
    await page.getByTestId('qr-pick-KBANK').waitFor();
    expect(await page.getByTestId('qr-pick-WW').innerText()).toContain('WW Pay');
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'px-money-qr-picker-en');
    await page.getByTestId('qr-pick-KBANK').click();
    expect(await page.locator('[data-testid^="qr-view-"]').count()).toBe(1);
    await page.getByTestId('qr-quick-KBANK-50').click();
    await page.getByTestId('qr-create-KBANK').click();
    await page.getByTestId('qr-image-KBANK').waitFor();
    await expect.poll(() => page.getByTestId('qr-countdown-KBANK').innerText()).toMatch(/^\d{2}:\d{2}$/);
    await screenshot(page, 'deposit-qr-en');
    // A PNG a banking app can scan from the gallery, offered as a download named after gateway and amount.
    expect(await page.getByTestId('qr-image-KBANK').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await page.getByTestId('qr-save-KBANK').getAttribute('download')).toBe('qr-kbank-50.00.png');

    const res = await fetch(`${app.server.url}/api/qrcode/KBANK`, {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    });
    const qr = (await res.json()) as { qrcodeId: string; amount: number };
    expect(qr.amount).toBe(50);
    await postJson(app.server.url, `/sandbox/qr/${qr.qrcodeId}/pay`, {});
    // The realtime push replaces the paid QR with what was credited: no QR, countdown or cancel left.
    const paid = page.getByTestId('qr-paid-KBANK');
    await paid.waitFor();
    expect(await paid.innerText()).toContain('50.00');
    expect(await page.getByTestId('qr-image-KBANK').count()).toBe(0);
    expect(await page.getByTestId('qr-cancel-KBANK').count()).toBe(0);
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'px-money-qr-paid-en');
    await page.getByTestId('qr-paid-done-KBANK').click();
    await expect.poll(() => money(page, 'wallet-amount')).toBe(150);
  });

  it('redeems a gift link pasted into the dialog', async () => {
    const { link } = await postJson(app.server.url, '/sandbox/giftlinks', { amount: 20 });
    await openDeposit(page);
    await page.getByTestId('deposit-tab-wallet').click();
    const send = page.getByTestId('giftlink-send');
    expect(await send.isDisabled()).toBe(true);
    await page.getByTestId('giftlink-input').fill(link as string);
    await send.click();
    await expect.poll(() => money(page, 'wallet-amount')).toBe(170);

    // The same link a second time is refused with a translated message, and nothing moves.
    await page.getByTestId('giftlink-input').fill(link as string);
    await send.click();
    await expect.poll(() => page.locator('body').innerText()).toContain(text('en', 'errors.TRUELINK_DUPLICATE'));
    expect(await money(page, 'wallet-amount')).toBe(170);
  });

  it('credits an uploaded transfer slip and lists it in the slip modal', async () => {
    const res = await fetch(`${app.server.url}/sandbox/slips`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: player.phone, amount: 30 }),
    });
    expect(res.status).toBe(200);
    const slipPath = join(files, 'slip.png');
    writeFileSync(slipPath, Buffer.from(await res.arrayBuffer()));

    // The picker stays disabled until the slip window's lookup answers; a file set before then is ignored,
    // as a player's tap would be. A slow answer (a busy CI machine) is made certain here.
    await page.route('**/api/lookup/slip', async (route) => {
      await new Promise((answer) => setTimeout(answer, 1500));
      await route.continue();
    });
    await openDeposit(page);
    await page.getByTestId('deposit-tab-slip').click();
    await chooseFiles(page, 'slip-input', slipPath);
    await page.unroute('**/api/lookup/slip');
    await expect
      .poll(() => page.getByTestId('slip-result').innerText(), { timeout: 30_000 })
      .toContain(text('en', 'status.success'));
    await expect.poll(() => money(page, 'wallet-amount')).toBe(200);

    await page.goto('/user/statement');
    await page.getByTestId('open-slips').click();
    await expect.poll(() => page.getByTestId('slip-row').count()).toBe(1);
    await screenshot(page, 'deposit-slip-modal-en');
    await page.keyboard.press('Escape');
  });

  it('withdraws to the registered bank: the amount is held, then paid out', async () => {
    await page.goto('/user/home');
    await page.getByTestId('widget-withdraw').click();
    await page.getByTestId('withdraw-dialog').waitFor();
    await page.getByTestId('withdraw-amount').fill('120');
    await screenshot(page, 'withdraw-dialog-en');
    await page.getByTestId('withdraw-submit').click();
    // Nothing leaves before the confirmation step, which names the amount and the masked account.
    const step = page.getByTestId('withdraw-confirm');
    await step.waitFor();
    expect(await step.innerText()).toContain('120.00');
    const masked = await page.getByTestId('withdraw-confirm-account').innerText();
    expect(masked.endsWith(player.bankAccountNo.slice(-4))).toBe(true);
    expect(masked).toContain('x');
    expect(await money(page, 'wallet-amount')).toBe(200);
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'px-money-withdraw-confirm-en');
    await page.getByTestId('withdraw-confirm-submit').click();
    await expect.poll(() => money(page, 'wallet-amount')).toBe(80);

    await page.goto('/user/statement');
    const rows = page.getByTestId('statement-row');
    await expect.poll(() => rows.count()).toBe(5);
    expect(await rows.first().innerText()).toContain(text('en', 'status.processing'));
    await expect
      .poll(
        async () => {
          await page.reload();
          return rows.first().innerText();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toContain(text('en', 'status.success'));
    const amounts = await page.getByTestId('statement-amount').allInnerTexts();
    expect(amounts.map((a) => Number(a.replace(/[^\d.-]/g, '')))).toEqual([-120, 30, 20, 50, 100]);
    // Each deposit names its channel: the transfer and the slip came from the player's bank, the QR via KBANK.
    const activities = await page.locator('[data-testid="statement-row"] .statement-activity').allInnerTexts();
    const channel = (key: string) => new RegExp(`^${text('en', `statement.channel.${key}`, { source: '.+' })}$`);
    expect(activities[1]).toMatch(channel('slip'));
    expect(activities[2]).toBe(text('en', 'statement.channel.giftLink'));
    expect(activities[3]).toBe(text('en', 'statement.channel.qr', { source: 'KBank QR' }));
    expect(activities[4]).toMatch(channel('bank'));
    await screenshot(page, 'deposit-statement-en');
  });

  it.each(['en', 'th', 'lo'] as Lang[])('keeps statement rows to two lines at 360 px in %s', async (lang) => {
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await useLanguage(page, lang);
      await page.goto('/user/statement');
      await expect.poll(() => page.getByTestId('statement-row').count()).toBe(5);
      expect(await overflowingElements(page), `statement ${lang}`).toEqual([]);
      // Each of the two lines is one line high: cut with an ellipsis, never wrapped.
      const wrapped = await page.evaluate(() =>
        [...document.querySelectorAll('.statement-what, .statement-when')]
          .filter(
            (line) =>
              line.getBoundingClientRect().height > 2 * Number.parseFloat(getComputedStyle(line).fontSize) * 1.3,
          )
          .map((line) => line.textContent),
      );
      expect(wrapped).toEqual([]);
      await screenshot(page, `px-money-statement-360-${lang}`);
      await page.getByTestId('open-slips').click();
      await page.getByTestId('slip-row').first().waitFor();
      expect(await overflowingElements(page), `slips ${lang}`).toEqual([]);
      await screenshot(page, `px-money-slips-360-${lang}`);
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it('leaves every baht accounted for by the ledger check', () => {
    const check = ledgerCheck(app.server);
    expect(check.output).toContain('ledger check passed');
    expect(check.status).toBe(0);
  });

  it.each(['th', 'lo'] as Lang[])('shows the deposit and withdraw dialogs in %s without overflow', async (lang) => {
    await useLanguage(page, lang);
    await openDeposit(page);
    expect(await overflowingElements(page), `deposit ${lang}`).toEqual([]);
    await screenshot(page, `deposit-dialog-${lang}`);
    for (const tab of ['qr', 'wallet', 'slip']) {
      await page.getByTestId(`deposit-tab-${tab}`).click();
      await page.getByTestId(`deposit-panel-${tab}`).waitFor();
      expect(await overflowingElements(page), `deposit ${tab} ${lang}`).toEqual([]);
      await screenshot(page, `deposit-${tab}-${lang}`);
    }
    await page.getByTestId('deposit-tab-qr').click();
    await page.getByTestId('qr-pick-ZPAY').click();
    await page.getByTestId('qr-create-ZPAY').waitFor();
    expect(await overflowingElements(page), `qr form ${lang}`).toEqual([]);
    await screenshot(page, `px-money-qr-form-${lang}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('widget-withdraw').click();
    await page.getByTestId('withdraw-dialog').waitFor();
    expect(await overflowingElements(page), `withdraw ${lang}`).toEqual([]);
    await screenshot(page, `withdraw-dialog-${lang}`);
    await page.keyboard.press('Escape');
  });
});
