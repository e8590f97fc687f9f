import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

type Texts = { [key: string]: string | Texts };
const I18N_DIR = join(import.meta.dirname, '../../apps/web/src/i18n');

function merged(base: Texts, extra: Texts): Texts {
  const out: Texts = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? merged(current, value) : value;
  }
  return out;
}

/** A language's texts as the app ends up with them: the first chunk and every part's (i18n/<part>/<lang>.json). */
function textsOf(lang: 'th' | 'lo' | 'en'): Texts {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Texts;
  return readdirSync(I18N_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .reduce(
      (texts, dir) => merged(texts, read(join(I18N_DIR, dir.name, `${lang}.json`))),
      read(join(I18N_DIR, `${lang}.json`)),
    );
}

export const messages = { th: textsOf('th'), lo: textsOf('lo'), en: textsOf('en') } as const;
export type Lang = keyof typeof messages;

/** The translated text of a key, e.g. text('en', 'login.submit'), so tests read what a player reads. */
export function text(lang: Lang, key: string, vars: Record<string, string> = {}): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages[lang]);
  if (typeof value !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

/**
 * Chooses the interface language the way a returning player's browser has it stored. The app stores
 * its default language once it has loaded, so this waits for that before overwriting it, then reloads
 * and waits until the page speaks the chosen language.
 */
export async function useLanguage(page: Page, lang: Lang): Promise<void> {
  await page.waitForFunction(() => localStorage.getItem('locale') !== null);
  await page.evaluate((l) => localStorage.setItem('locale', l), lang);
  await page.reload();
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

export async function readOtp(baseUrl: string, phone: string): Promise<string> {
  const res = await fetch(`${baseUrl}/sandbox/sms/outbox?phone=${phone}`);
  const body = (await res.json()) as { messages: { code: string | null }[] };
  const code = body.messages[0]?.code;
  if (!code) throw new Error(`no OTP in the outbox for ${phone}`);
  return code;
}

export async function logIn(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name=username]').fill(phone);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

let counter = 0;
export function uniquePhone(): string {
  counter += 1;
  return `06${String(Date.now()).slice(-6)}${String(counter).padStart(2, '0')}`;
}
export function uniqueAccountNo(): string {
  counter += 1;
  return `${String(Date.now()).slice(-8)}${String(counter).padStart(2, '0')}`;
}

/** Reads a formatted amount such as "1,234.50" (or "฿1,234.50") as a number. */
export function amountOf(value: string): number {
  return Number(value.replace(/[^\d.-]/g, ''));
}

/** The amount a test id shows, as a number. */
export async function money(page: Page, testId: string): Promise<number> {
  return amountOf((await page.getByTestId(testId).first().innerText()).trim());
}
