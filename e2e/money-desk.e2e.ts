import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import boEn from '../apps/backoffice/src/i18n/en.json' with { type: 'json' };
import boTh from '../apps/backoffice/src/i18n/th.json' with { type: 'json' };
import { type Lang, logIn, money, readOtp, text, uniquePhone, useLanguage } from './support/app.ts';
import { DEMO_OWNER } from './support/backoffice.ts';
import { overflowingElements, screenshot } from './support/browser.ts';
import { chooseFiles } from './support/files.ts';
import { openPhoneApp, type PhoneApp } from './support/phone-app.ts';
import { callJson, PLAYER_PASSWORD, postJson } from './support/players.ts';
import { ledgerCheck } from './support/server.ts';

const backofficeMessages = { th: boTh, en: boEn } as const;
type OperatorLang = keyof typeof backofficeMessages;

/** A back-office text as the operator reads it. */
function bo(lang: OperatorLang, key: string, vars: Record<string, string> = {}): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], backofficeMessages[lang]);
  if (typeof value !== 'string') throw new Error(`no ${lang} back-office text for ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

/** The operator's seeded AUTO deposit account (KBANK), where players send bank transfers. */
const OPERATOR_ACCOUNT = '1234567890';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, tablet: { width: 1024, height: 768 } } as const;

/**
 * Registers a player with a bank account of our choosing. KBANK slips print an account as xxxxx6823x:
 * two players whose digits 6 to 9 agree both fit such a slip, which the verifier then leaves to an operator.
 */
async function registerWithAccount(
  baseUrl: string,
  bankAccountNo: string,
  bankAccountName = 'MALEE PLAYER',
): Promise<string> {
  const phone = uniquePhone();
  const { otpToken } = await postJson(baseUrl, '/api/otp/send', { phoneNumber: phone });
  await postJson(baseUrl, '/api/otp/verify', { otpToken, otpCode: await readOtp(baseUrl, phone) });
  await postJson(baseUrl, '/api/account', {
    name: 'Malee Player',
    username: phone,
    password: PLAYER_PASSWORD,
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'KBANK',
    bankAccountName,
    bankAccountNo,
  });
  return phone;
}

async function openBackoffice(browser: Browser, baseURL: string, viewport: keyof typeof VIEWPORTS, lang: OperatorLang) {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport], deviceScaleFactor: 1 });
  await context.addInitScript((l) => localStorage.setItem('backoffice-locale', l), lang);
  const page = await context.newPage();
  await page.goto('/backoffice/');
  await page.waitForURL('**/backoffice/sign-in?next=*');
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill('admin1234');
  await page.getByRole('button', { name: bo(lang, 'signIn.submit') }).click();
  await page.getByTestId('operator-name').filter({ hasText: 'admin' }).waitFor();
  return page;
}

/** Opens the queue item whose row shows `amountText`, on the given tab of the money desk. */
async function openItem(page: Page, lang: OperatorLang, queue: string, amountText: string) {
  await page.getByTestId(`tab-${queue}`).click();
  const row = page.getByRole('row').filter({ hasText: amountText });
  await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
  await row.getByRole('button', { name: bo(lang, 'moneyDesk.open') }).click();
  await page.getByTestId('money-item').waitFor();
}

describe('the money desk', () => {
  let app: PhoneApp;
  let player: Page;
  let operator: Page;
  let phone: string;
  let twinPhone: string;
  const files = mkdtempSync(join(tmpdir(), 'wallet-e2e-money-desk-'));
  // Digits 6 to 9 shared by the player and a look-alike (see registerWithAccount).
  const shared = String(Date.now()).slice(-4);

  beforeAll(async () => {
    app = await openPhoneApp({ SANDBOX_PAYOUT_DELAY_MS: '300' });
    player = app.page;
    phone = await registerWithAccount(app.server.url, `70899${shared}9`);
    // The look-alike's account is in another name: the desk tells the operator which name fits the sender.
    twinPhone = await registerWithAccount(app.server.url, `39265${shared}7`, 'SOMCHAI TWIN');
    await player.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
    await player.goto('/login');
    await useLanguage(player, 'en');
    await logIn(player, phone, PLAYER_PASSWORD);
    await player.waitForURL(/\/user/);
    operator = await openBackoffice(app.browser, app.server.url, 'desktop', 'en');
    await operator.getByRole('link', { name: bo('en', 'nav.moneyDesk') }).click();
    await operator.getByTestId('tab-transfers').waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('credits an unmatched transfer to a player whose open app shows the new balance live', async () => {
    await expect.poll(() => money(player, 'wallet-amount')).toBe(0);
    const before = Number(await operator.getByTestId('count-transfers').textContent());
    // From an account no player has: the feed keeps it for the operator.
    await postJson(app.server.url, '/sandbox/bank/transfer', {
      to: OPERATOR_ACCOUNT,
      from: `55${String(Date.now()).slice(-8)}`,
      fromBank: 'SCB',
      amount: 250,
    });
    // The badges follow over the socket, without a reload.
    await expect
      .poll(() => operator.getByTestId('count-transfers').textContent(), { timeout: 10_000 })
      .toBe(String(before + 1));
    await openItem(operator, 'en', 'transfers', '250.00');
    await operator.getByRole('button', { name: bo('en', 'moneyDesk.actions.credit') }).click();
    await operator.getByLabel(bo('en', 'moneyDesk.findPlayer')).fill(phone);
    await operator.getByTestId(`pick-${phone}`).click();
    await operator.getByTestId('picked-player').waitFor();
    await screenshot(operator, 'money-desk-credit-desktop-en');
    await operator
      .getByRole('form', { name: bo('en', 'moneyDesk.actions.credit') })
      .getByRole('button', { name: bo('en', 'moneyDesk.actions.credit') })
      .click();
    await operator.getByText(bo('en', 'moneyDesk.outcomes.CREDITED')).waitFor();
    // The player's open app: no reload, the balance arrives over the socket.
    await expect.poll(() => money(player, 'wallet-amount'), { timeout: 10_000 }).toBe(250);
    await expect.poll(() => operator.getByTestId('count-transfers').textContent()).toBe(String(before));
  });

  it('approves a withdrawal held for review, which the payout bank then pays', async () => {
    const token = await player.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // A new payout account: the next withdrawal waits for an operator (BANK_CHANGE_REVIEW_HOURS).
    const newAccountNo = `70899${shared}9`.replace(/9$/, '1');
    const changed = await fetch(`${app.server.url}/api/account/profile`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        name: 'Malee Player',
        bankCode: 'KBANK',
        bankAccountName: 'MALEE PLAYER',
        bankAccountNo: newAccountNo,
        password: PLAYER_PASSWORD,
      }),
    });
    // A player's change of payout account is a request now: an operator approves it first.
    expect(await changed.json()).toEqual({ message: 'BANK_CHANGE_REQUESTED' });
    const signedIn = await fetch(`${app.server.url}/api/backoffice/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_OWNER),
    });
    const ownerHeaders = {
      authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}`,
      'content-type': 'application/json',
    };
    const requests = (await (
      await fetch(`${app.server.url}/api/backoffice/bank-changes`, { headers: ownerHeaders })
    ).json()) as { items: { id: string; new: { bankAccountNo: string } }[] };
    const filed = requests.items.find((request) => request.new.bankAccountNo === newAccountNo);
    const approved = await fetch(`${app.server.url}/api/backoffice/bank-changes/${filed?.id}/approve`, {
      method: 'POST',
      headers: ownerHeaders,
      body: '{}',
    });
    expect(approved.status).toBe(200);
    const withdrawn = await fetch(`${app.server.url}/api/wallet/withdraw`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ amount: 120 }),
    });
    expect(await withdrawn.json()).toMatchObject({ message: 'WITHDRAW_PENDING' });
    await expect.poll(() => money(player, 'wallet-amount'), { timeout: 10_000 }).toBe(130);

    await openItem(operator, 'en', 'withdrawals', '120.00');
    expect(await operator.getByTestId('withdrawal-stage').textContent()).toContain(
      bo('en', 'moneyDesk.stages.awaiting-approval'),
    );
    await screenshot(operator, 'money-desk-withdrawal-desktop-en');
    await operator.getByRole('button', { name: bo('en', 'moneyDesk.actions.approve'), exact: true }).click();
    await operator
      .getByRole('form', { name: bo('en', 'moneyDesk.actions.approve') })
      .getByRole('button', { name: bo('en', 'moneyDesk.actions.approve') })
      .click();
    await operator.getByText(bo('en', 'moneyDesk.outcomes.APPROVED')).waitFor();
    await expect
      .poll(
        async () => {
          const res = await fetch(`${app.server.url}/sandbox/payouts?status=PAID`);
          const body = (await res.json()) as { withdrawals: { amount: number; review: string | null }[] };
          return body.withdrawals.some((w) => w.amount === 120 && w.review === 'APPROVED');
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it('rejects a slip with a reason the player then sees beside it', async () => {
    const res = await fetch(`${app.server.url}/sandbox/slips`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: phone, fromAccountNo: `70899${shared}9`, amount: 45 }),
    });
    expect(res.status).toBe(200);
    const slipPath = join(files, 'slip.png');
    writeFileSync(slipPath, Buffer.from(await res.arrayBuffer()));
    await player.goto('/user/home');
    await player.getByTestId('widget-deposit').click();
    await player.getByTestId('deposit-dialog').waitFor();
    await player.getByTestId('deposit-tab-slip').click();
    await chooseFiles(player, 'slip-input', slipPath);
    // The account on the slip fits the look-alike too: it waits for an operator.
    await expect
      .poll(() => player.getByTestId('slip-result').innerText(), { timeout: 30_000 })
      .toContain(text('en', 'status.processing'));
    expect(twinPhone).not.toBe(phone);

    await openItem(operator, 'en', 'slips', '45.00');
    await operator.getByTestId('slip-image').waitFor();
    await expect
      .poll(() => operator.getByTestId('slip-image').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(operator, 'money-desk-slip-desktop-en');
    // Approving names the player from those whose account fits the sender, each with whether the name fits.
    await operator.getByRole('button', { name: bo('en', 'moneyDesk.actions.approveSlip'), exact: true }).click();
    const candidates = operator.getByTestId('slip-candidates');
    await candidates.getByTestId(`candidate-${twinPhone}`).waitFor();
    expect(await candidates.getByRole('radio').count()).toBe(2);
    expect(await candidates.getByText(bo('en', 'moneyDesk.nameDoesNotFit')).count()).toBe(1);
    expect(await operator.getByTestId('sender-name').innerText()).toBe('MALEE P.');
    expect(await overflowingElements(operator)).toEqual([]);
    await candidates.scrollIntoViewIfNeeded();
    await screenshot(operator, 'money-desk-slip-candidates-desktop-en');
    const thai = await openBackoffice(app.browser, app.server.url, 'desktop', 'th');
    await thai.getByRole('link', { name: bo('th', 'nav.moneyDesk') }).click();
    await openItem(thai, 'th', 'slips', '45.00');
    await thai.getByRole('button', { name: bo('th', 'moneyDesk.actions.approveSlip'), exact: true }).click();
    await thai.getByTestId('slip-candidates').getByTestId(`candidate-${phone}`).waitFor();
    expect(await overflowingElements(thai)).toEqual([]);
    await thai.getByTestId('slip-candidates').scrollIntoViewIfNeeded();
    await screenshot(thai, 'money-desk-slip-candidates-desktop-th');
    await thai.context().close();
    await operator.getByRole('button', { name: bo('en', 'moneyDesk.actions.reject'), exact: true }).click();
    await operator.getByLabel(bo('en', 'moneyDesk.reasonCode')).selectOption('NOT_MATCH');
    await operator
      .getByRole('form', { name: bo('en', 'moneyDesk.actions.reject') })
      .getByRole('button', { name: bo('en', 'moneyDesk.actions.reject') })
      .click();
    await operator.getByText(bo('en', 'moneyDesk.outcomes.REJECTED')).waitFor();

    for (const lang of ['en', 'th', 'lo'] as const satisfies readonly Lang[]) {
      await player.goto('/user/statement');
      if (lang !== 'en') await useLanguage(player, lang);
      await player.getByTestId('open-slips').click();
      const row = player.getByTestId('slip-row').first();
      await expect.poll(() => row.innerText()).toContain(text(lang, 'slipReason.NOT_MATCH'));
      expect(await overflowingElements(player)).toEqual([]);
      await screenshot(player, `money-desk-slip-rejected-player-${lang}`);
    }
    await useLanguage(player, 'en');
  });

  it('shows whose held deposit it is and why; once returned, the player no longer sees it waiting', async () => {
    const token = (await player.evaluate(
      () => localStorage.getItem('token') ?? sessionStorage.getItem('token'),
    )) as string;
    await callJson(app.server.url, 'PUT', '/api/account/protection/limits', token, {
      day: 50,
      week: null,
      month: null,
    });
    // 100 from the player's own account would pass the day's 50: held for the desk.
    const held = await fetch(`${app.server.url}/sandbox/bank/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: phone, amount: 100 }),
    });
    expect(held.status).toBe(409);
    await player.goto('/user/home');
    await expect.poll(() => player.getByTestId('held-deposits').innerText(), { timeout: 15_000 }).toContain('100.00');

    for (const lang of ['en', 'th'] as const) {
      const page = await openBackoffice(app.browser, app.server.url, 'desktop', lang);
      await page.getByRole('link', { name: bo(lang, 'nav.moneyDesk') }).click();
      await openItem(page, lang, 'transfers', '100.00');
      const item = page.getByTestId('money-item');
      expect(await item.innerText()).toContain(phone);
      expect(await page.getByTestId('hold-reason').innerText()).toBe(bo(lang, 'moneyDesk.reasons.DEPOSIT_LIMIT'));
      await page.getByTestId('hold-notice').waitFor();
      await page.getByRole('button', { name: bo(lang, 'moneyDesk.actions.credit'), exact: true }).click();
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `money-desk-held-transfer-desktop-${lang}`);
      await page.context().close();
    }
    // Over the limit today: the desk refuses to credit it and returns it to the sender.
    await openItem(operator, 'en', 'transfers', '100.00');
    await operator.getByRole('button', { name: bo('en', 'moneyDesk.actions.credit'), exact: true }).click();
    const credit = operator.getByRole('form', { name: bo('en', 'moneyDesk.actions.credit') });
    await credit.getByLabel(bo('en', 'moneyDesk.reason')).fill('player asked');
    await credit.getByRole('button', { name: bo('en', 'moneyDesk.actions.credit') }).click();
    await operator.getByText(bo('en', 'moneyDesk.protectionRefusals.DEPOSIT_LIMIT_EXCEEDED')).waitFor();
    await operator.getByRole('button', { name: bo('en', 'moneyDesk.actions.return'), exact: true }).click();
    const back = operator.getByRole('form', { name: bo('en', 'moneyDesk.actions.return') });
    await back.getByLabel(bo('en', 'moneyDesk.reason')).fill('over the player limit');
    await back.getByRole('button', { name: bo('en', 'moneyDesk.actions.return') }).click();
    await operator.getByText(bo('en', 'moneyDesk.outcomes.RETURNED')).waitFor();

    await player.reload();
    await player.getByTestId('wallet-amount').waitFor();
    await expect.poll(() => player.getByTestId('held-deposits').count(), { timeout: 15_000 }).toBe(0);
  });

  it('looks right on desktop and tablet, in Thai and English', async () => {
    // Something in every queue's first tab to look at.
    await postJson(app.server.url, '/sandbox/bank/transfer', {
      to: OPERATOR_ACCOUNT,
      from: `56${String(Date.now()).slice(-8)}`,
      fromBank: 'SCB',
      amount: 1234.5,
    });
    for (const lang of ['en', 'th'] as const) {
      for (const viewport of ['desktop', 'tablet'] as const) {
        const page = await openBackoffice(app.browser, app.server.url, viewport, lang);
        await page.getByRole('link', { name: bo(lang, 'nav.moneyDesk') }).click();
        await page.getByTestId('tab-transfers').waitFor();
        const row = page.getByRole('row').filter({ hasText: '1,234.50' });
        await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
        expect(await overflowingElements(page)).toEqual([]);
        await screenshot(page, `money-desk-queue-${viewport}-${lang}`);
        await row.getByRole('button', { name: bo(lang, 'moneyDesk.open') }).click();
        await page.getByTestId('money-item').waitFor();
        await page.getByRole('button', { name: bo(lang, 'moneyDesk.actions.return') }).click();
        await screenshot(page, `money-desk-item-${viewport}-${lang}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('tab-withdrawals').click();
        await page.getByRole('row').nth(1).waitFor();
        await screenshot(page, `money-desk-withdrawals-${viewport}-${lang}`);
        await page.context().close();
      }
    }
  });

  it('leaves the books balanced', () => {
    const check = ledgerCheck(app.server);
    expect(check.status, check.output).toBe(0);
  });
});
