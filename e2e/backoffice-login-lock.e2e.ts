import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_VIEWPORTS,
  type BackofficeLang,
  backofficeText,
  DEMO_OWNER,
  openBackofficePage,
  searchPlayers,
  signInToBackoffice,
} from './support/backoffice.ts';
import { launchBrowser, overflowingElements, screenshot } from './support/browser.ts';
import { callJson, PLAYER_PASSWORD, postJson, registerPlayer, type TestPlayer } from './support/players.ts';
import { type RunningServer, startServer } from './support/server.ts';

/** A sign-in from `address` (the server trusts the loopback proxy to name it), answering its status. */
async function signInFrom(server: RunningServer, path: string, body: object, address: string): Promise<number> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return res.status;
}

const attackers = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}.${i + 1}`);

describe('back office: an account locked by a storm of wrong passwords', () => {
  let server: RunningServer;
  let browser: Browser;
  let player: TestPlayer;
  const staffUsername = 'support.storm';

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: 'loopback' });
    browser = await launchBrowser();
    player = await registerPlayer(server.url);
    const { token } = await postJson<{ token: string }>(server.url, '/api/backoffice/login', DEMO_OWNER);
    await callJson(server.url, 'POST', '/api/backoffice/staff', token, { username: staffUsername, role: 'support' });
    for (const address of attackers('203.0.113', 12)) {
      const status = await signInFrom(server, '/api/login', { username: player.phone, password: 'guess' }, address);
      expect(status).toBe(400);
    }
    for (const address of attackers('198.51.100', 7)) {
      const body = { username: staffUsername, password: 'Wrong-guess-77' };
      expect(await signInFrom(server, '/api/backoffice/login', body, address)).toBe(400);
    }
    // Still refused from where the guesses came; the owner at a clean address signs in.
    const right = { username: player.phone, password: PLAYER_PASSWORD };
    expect(await signInFrom(server, '/api/login', right, '203.0.113.1')).toBe(429);
    expect(await signInFrom(server, '/api/login', right, '192.0.2.50')).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(lang: BackofficeLang): Promise<Page> {
    const page = await openBackofficePage(browser, server, BACKOFFICE_VIEWPORTS.desktop, lang);
    await signInToBackoffice(page, lang);
    return page;
  }

  it.each(['th', 'en'] as const)('shows the lock on the player page and the Staff screen (%s)', async (lang) => {
    const page = await signedIn(lang);
    await page.getByRole('link', { name: backofficeText(lang, 'nav.players'), exact: true }).click();
    await searchPlayers(page, lang, player.phone);
    await page.getByRole('link', { name: player.phone }).click();
    const playerLock = page.getByTestId('login-lock');
    await playerLock.waitFor();
    const addresses = backofficeText(lang, 'loginLock.addresses_other', { count: '12' });
    expect(await playerLock.textContent()).toContain(
      backofficeText(lang, 'loginLock.attempts_other', { count: '12', addresses }),
    );
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, `bo-login-lock-player-${lang}`);

    await page.getByRole('link', { name: backofficeText(lang, 'nav.staff'), exact: true }).click();
    const staffLock = page.getByTestId(`staff-${staffUsername}`).getByTestId('login-lock');
    await staffLock.waitFor();
    const staffAddresses = backofficeText(lang, 'loginLock.addresses_other', { count: '7' });
    expect(await staffLock.textContent()).toContain(
      backofficeText(lang, 'loginLock.attempts_other', { count: '7', addresses: staffAddresses }),
    );
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, `bo-login-lock-staff-${lang}`);
    await page.context().close();
  });
});
