import { chromium } from 'playwright-core';
import type { RunningServer } from '../../e2e/support/server.ts';

/** The seeded demo player the first-load figures open member pages as. */
export const DEMO_PLAYER = { username: '0812345678', password: 'demo1234' };

export async function demoToken(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_PLAYER),
  });
  if (!res.ok) throw new Error(`demo login answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Stores the token in the Chromium (on `port`) that Lighthouse drives: Lighthouse keeps the profile's storage
 * (disableStorageReset), so a member page it opens on `server`'s origin is signed in.
 */
export async function signInLighthouseProfile(port: number, server: RunningServer, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${server.url}/favicon.svg`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.close();
  await browser.close();
}
