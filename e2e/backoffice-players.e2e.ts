import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import boEn from '../apps/backoffice/src/i18n/en.json' with { type: 'json' };
import boTh from '../apps/backoffice/src/i18n/th.json' with { type: 'json' };
import { logIn, money, type Lang as PlayerLang, text as playerText, useLanguage } from './support/app.ts';
import { searchPlayers } from './support/backoffice.ts';
import { launchBrowser, overflowingElements, phoneContext, screenshot } from './support/browser.ts';
import { fundWallet, PLAYER_PASSWORD, postJson, registerPlayer, type TestPlayer } from './support/players.ts';
import { ledgerCheck, type RunningServer, startServer } from './support/server.ts';

const boMessages = { th: boTh, en: boEn } as const;
type BoLang = keyof typeof boMessages;

/** A back-office text as the operator reads it. */
function bo(lang: BoLang, key: string, vars: Record<string, string> = {}): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], boMessages[lang]);
  if (typeof value !== 'string') throw new Error(`no ${lang} back-office text for ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 1024, height: 768 },
} as const;

async function operatorPage(browser: Browser, server: RunningServer, viewport: keyof typeof VIEWPORTS, lang: BoLang) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
  });
  await context.addInitScript((l) => localStorage.setItem('backoffice-locale', l), lang);
  const page = await context.newPage();
  await page.goto('/backoffice/');
  await page.waitForURL('**/backoffice/sign-in?next=*');
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill('admin1234');
  await page.getByRole('button', { name: bo(lang, 'signIn.submit') }).click();
  await expect.poll(() => page.getByTestId('operator-name').textContent()).toBe('admin');
  return page;
}

/** Searches the player by phone from the Players screen and opens their page. */
async function openPlayer(page: Page, lang: BoLang, phone: string): Promise<void> {
  await page.getByRole('link', { name: bo(lang, 'nav.players'), exact: true }).click();
  await searchPlayers(page, lang, phone);
  await page.getByRole('link', { name: phone }).click();
  await page.getByRole('heading', { name: 'Malee Player' }).waitFor();
}

/** Fills and sends the reason dialog that every player action opens. */
async function confirmWithReason(page: Page, reason: string, submit: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name=reason]').fill(reason);
  await dialog.getByRole('button', { name: submit }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function playerPhone(browser: Browser, server: RunningServer, lang: PlayerLang, player: TestPlayer) {
  const page = await (await phoneContext(browser, server.url)).newPage();
  await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
  await page.goto('/login');
  await useLanguage(page, lang);
  await logIn(page, player.phone, PLAYER_PASSWORD);
  await page.waitForURL(/\/user\/home/);
  await expect.poll(() => money(page, 'wallet-amount')).toBeGreaterThanOrEqual(0);
  return page;
}

describe('back office: players desk', () => {
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

  it('suspends a player: their open app is signed out live and login says INACTIVE_USER; reactivation lets them in', async () => {
    const player = await registerPlayer(server.url);
    await fundWallet(server.url, player.phone, 100);
    const phone = await playerPhone(browser, server, 'en', player);
    // The live connection opens once the page is idle.
    await phone.waitForTimeout(1500);

    const operator = await operatorPage(browser, server, 'desktop', 'en');
    await openPlayer(operator, 'en', player.phone);
    await expect.poll(() => money(operator, 'player-wallet')).toBe(100);
    await operator.getByRole('button', { name: bo('en', 'playerPage.suspend') }).click();
    await confirmWithReason(operator, 'Chargeback investigation', bo('en', 'playerPage.submit.suspend'));
    await operator.getByText(bo('en', 'playerPage.done.suspend')).waitFor();

    // No reload on the phone: the server closes its socket and the app finds its session gone.
    await phone.waitForURL(/\/login/, { timeout: 15_000 });
    await logIn(phone, player.phone, PLAYER_PASSWORD);
    await expect
      .poll(() => phone.getByRole('alert').first().textContent())
      .toBe(playerText('en', 'errors.INACTIVE_USER'));
    await screenshot(phone, 'players-suspended-login-en');

    await operator.getByRole('button', { name: bo('en', 'playerPage.reactivate') }).click();
    await confirmWithReason(operator, 'Investigation closed', bo('en', 'playerPage.submit.reactivate'));
    await operator.getByRole('tab', { name: bo('en', 'playerPage.tab.history') }).click();
    await expect.poll(() => operator.getByText(bo('en', 'auditActions.player.suspend')).count()).toBe(1);
    expect(await operator.getByText('Chargeback investigation').count()).toBe(1);
    await logIn(phone, player.phone, PLAYER_PASSWORD);
    await phone.waitForURL(/\/user/);
    await phone.context().close();
    await operator.context().close();
  });

  it('a bank-account change request waits on the profile until an operator approves it', async () => {
    const player = await registerPlayer(server.url);
    const phone = await playerPhone(browser, server, 'en', player);
    await phone.goto('/user/profile');
    await phone.getByRole('button', { name: playerText('en', 'profile.bankChange.open') }).click();
    const dialog = phone.getByRole('dialog');
    await dialog.locator('select[name=bankCode]').selectOption('KBANK');
    const newAccount = `55${String(Date.now()).slice(-8)}`;
    await dialog.locator('input[name=bankAccountNo]').fill(newAccount);
    await dialog.locator('input[name=bankAccountName]').fill('Malee Player');
    await dialog.locator('input[type=password]').fill(PLAYER_PASSWORD);
    await dialog.getByRole('button', { name: playerText('en', 'profile.bankChange.submit') }).click();
    const card = phone.getByTestId('bank-change-request');
    await card.waitFor();
    expect(await card.innerText()).toContain(playerText('en', 'profile.bankChange.status.pending'));
    for (const lang of ['th', 'lo', 'en'] as const) {
      await useLanguage(phone, lang);
      await phone.getByTestId('bank-change-request').waitFor();
      // Above the bottom menu, so the picture shows the whole card.
      await phone.getByTestId('bank-change-request').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      expect(await phone.getByTestId('bank-change-request').innerText()).toContain(
        playerText(lang, 'profile.bankChange.status.pending'),
      );
      expect(await overflowingElements(phone), lang).toEqual([]);
      await screenshot(phone, `players-profile-bank-pending-${lang}`);
    }

    const operator = await operatorPage(browser, server, 'desktop', 'en');
    await operator.getByRole('link', { name: bo('en', 'nav.bankChanges') }).click();
    const row = operator.getByTestId(/^bank-change-/).filter({ hasText: player.phone });
    await row.waitFor();
    await row.getByRole('button', { name: bo('en', 'bankChanges.approve') }).click();
    await operator
      .getByRole('dialog')
      .getByRole('button', { name: bo('en', 'bankChanges.approve') })
      .click();
    await operator.getByText(bo('en', 'bankChanges.approvedDone')).waitFor();

    await phone.reload();
    const formatted = `${newAccount.slice(0, 3)}-${newAccount.slice(3, 6)}-${newAccount.slice(6)}`;
    await phone.getByText(formatted).waitFor();
    expect(await phone.getByTestId('bank-change-request').count()).toBe(0);
    await phone.context().close();
    await operator.context().close();
  });

  it('an adjustment credit shows up live in the player app; the ledger stays balanced', async () => {
    const player = await registerPlayer(server.url);
    await fundWallet(server.url, player.phone, 100);
    const phone = await playerPhone(browser, server, 'en', player);
    await expect.poll(() => money(phone, 'wallet-amount')).toBe(100);
    await phone.waitForTimeout(1500);

    const operator = await operatorPage(browser, server, 'desktop', 'en');
    await openPlayer(operator, 'en', player.phone);
    await operator.getByRole('button', { name: bo('en', 'adjustments.create') }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.locator('select[name=direction]').selectOption('credit');
    await dialog.locator('input[name=amount]').fill('250.50');
    await dialog.locator('input[name=reason]').fill('Compensation for downtime');
    await dialog.getByRole('button', { name: bo('en', 'adjustments.submit') }).click();
    await operator.getByText(bo('en', 'adjustments.bookedDone')).waitFor();

    // No reload on the phone: the wallet.changed event moves the balance.
    await expect.poll(() => money(phone, 'wallet-amount'), { timeout: 10_000 }).toBe(350.5);
    await expect.poll(() => money(operator, 'player-wallet')).toBe(350.5);
    expect(ledgerCheck(server).status).toBe(0);
    await phone.context().close();
    await operator.context().close();
  });

  it('every players-desk screen reads well on desktop and tablet, in Thai and English', async () => {
    const player = await registerPlayer(server.url);
    await fundWallet(server.url, player.phone, 60);
    // Something in each queue: a bank-account change and an adjustment above the four-eyes threshold.
    const { token } = await postJson<{ token: string }>(server.url, '/api/login', {
      username: player.phone,
      password: PLAYER_PASSWORD,
    });
    await postJson(
      server.url,
      '/api/account/bank-change-request',
      {
        bankCode: 'KBANK',
        bankAccountName: 'MALEE PLAYER',
        bankAccountNo: `44${String(Date.now()).slice(-8)}`,
        password: PLAYER_PASSWORD,
      },
      { authorization: `Bearer ${token}` },
    );
    const owner = await postJson<{ token: string }>(server.url, '/api/backoffice/login', {
      username: 'admin',
      password: 'admin1234',
    });
    const { items } = await (
      await fetch(`${server.url}/api/backoffice/players?q=${player.phone}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      })
    ).json();
    await postJson(
      server.url,
      `/api/backoffice/players/${items[0].id}/adjustments`,
      { direction: 'credit', amount: 60000, reason: 'Jackpot paid by hand after a provider outage' },
      { authorization: `Bearer ${owner.token}` },
    );
    for (const viewport of ['desktop', 'tablet'] as const) {
      for (const lang of ['th', 'en'] as const) {
        const page = await operatorPage(browser, server, viewport, lang);
        await page.getByRole('link', { name: bo(lang, 'nav.players'), exact: true }).click();
        await page.getByRole('link', { name: player.phone }).waitFor();
        expect(await overflowingElements(page), `players ${viewport} ${lang}`).toEqual([]);
        await screenshot(page, `backoffice-players-${viewport}-${lang}`);
        await openPlayer(page, lang, player.phone);
        expect(await overflowingElements(page), `player ${viewport} ${lang}`).toEqual([]);
        await screenshot(page, `backoffice-player-${viewport}-${lang}`);
        await page.getByRole('button', { name: bo(lang, 'adjustments.create') }).click();
        await page.getByRole('dialog').waitFor();
        await screenshot(page, `backoffice-player-adjust-${viewport}-${lang}`);
        await page.keyboard.press('Escape');
        await page.getByRole('link', { name: bo(lang, 'nav.bankChanges') }).click();
        await page.getByRole('heading', { name: bo(lang, 'bankChanges.title') }).waitFor();
        expect(await overflowingElements(page), `bank changes ${viewport} ${lang}`).toEqual([]);
        await screenshot(page, `backoffice-bank-changes-${viewport}-${lang}`);
        await page.getByRole('link', { name: bo(lang, 'nav.adjustments') }).click();
        await page.getByRole('heading', { name: bo(lang, 'adjustments.title') }).waitFor();
        expect(await overflowingElements(page), `adjustments ${viewport} ${lang}`).toEqual([]);
        await screenshot(page, `backoffice-adjustments-${viewport}-${lang}`);
        await page.context().close();
      }
    }
  });
});
