import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import en from '../../apps/backoffice/src/i18n/en.json' with { type: 'json' };
import th from '../../apps/backoffice/src/i18n/th.json' with { type: 'json' };
import type { RunningServer } from './server.ts';

/** What the end-to-end tests share about the back office: its texts, its windows, signing in. */

export const backofficeMessages = { th, en } as const;
export type BackofficeLang = keyof typeof backofficeMessages;

/** A back-office text as the operator reads it, e.g. backofficeText('en', 'signIn.submit'). */
export function backofficeText(lang: BackofficeLang, key: string, vars: Record<string, string> = {}): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], backofficeMessages[lang]);
  if (typeof value !== 'string') throw new Error(`no ${lang} back-office text for ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

/** The demo owner the server seeds outside production (README). */
export const DEMO_OWNER = { username: 'admin', password: 'admin1234' } as const;

/** The back office's screens are checked on a desktop and a tablet. */
export const BACKOFFICE_VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 1024, height: 768 },
} as const;

/** A desktop, and a tablet held upright: the sizes the screen checks (a11y, chat, spin wheel) use (issue 14). */
export const BACKOFFICE_SIZES = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 820, height: 1180 },
} as const;
export type BackofficeSize = keyof typeof BACKOFFICE_SIZES;

/** A fresh browser window on the back office with the operator's language stored, as a returning operator has it. */
export async function openBackofficePage(
  browser: Browser,
  server: RunningServer,
  viewport: { width: number; height: number },
  lang: BackofficeLang,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport, deviceScaleFactor: 1 });
  await context.addInitScript((l) => localStorage.setItem('backoffice-locale', l), lang);
  return context.newPage();
}

/**
 * Signs in from /backoffice as an operator (the demo owner unless told otherwise): the app sends the
 * visitor to sign-in, and after it the shell names the operator.
 */
export async function signInToBackoffice(
  page: Page,
  lang: BackofficeLang,
  operator: { username: string; password: string } = DEMO_OWNER,
): Promise<void> {
  await page.goto('/backoffice/');
  await page.waitForURL('**/backoffice/sign-in?next=*');
  await page.locator('input[name=username]').fill(operator.username);
  await page.locator('input[name=password]').fill(operator.password);
  await page.getByRole('button', { name: backofficeText(lang, 'signIn.submit') }).click();
  await expect.poll(() => page.getByTestId('operator-name').textContent()).toBe(operator.username);
}

/**
 * Searches the Players screen (already open) and waits for the answer to be on screen: until then the
 * table shows the previous rows (aria-busy), and a click on one of them could land on a row that moves
 * when the answer arrives.
 */
export async function searchPlayers(page: Page, lang: BackofficeLang, query: string): Promise<void> {
  const answered = page.waitForResponse(
    (res) =>
      new URL(res.url()).pathname === '/api/backoffice/players' && new URL(res.url()).searchParams.get('q') === query,
  );
  await page.locator('input[name=q]').fill(query);
  await page.getByRole('button', { name: backofficeText(lang, 'players.search') }).click();
  await answered;
  await page.locator('table[aria-busy="false"]').waitFor();
}
