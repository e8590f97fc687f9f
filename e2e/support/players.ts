import type { Page } from 'playwright-core';
import { logIn, readOtp, uniqueAccountNo, uniquePhone, useLanguage } from './app.ts';

export const PLAYER_PASSWORD = 'wallet-e2e-1';

/** POSTs JSON to the server as a bank, gateway or the wizard would, failing loudly on a non-2xx. */
export async function postJson<T = Record<string, string>>(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** A JSON call with a bearer token and a fresh Idempotency-Key, failing loudly on a non-2xx. */
export async function callJson<T>(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

export interface TestPlayer {
  phone: string;
  bankCode: string;
  bankAccountNo: string;
}

/**
 * Registers a player through the API exactly as the wizard does (OTP read from the sandbox outbox),
 * with the bank account given or a fresh one.
 */
export async function registerPlayer(
  baseUrl: string,
  bankCode = 'SCB',
  bankAccountNo = uniqueAccountNo(),
): Promise<TestPlayer> {
  const phone = uniquePhone();
  const { otpToken } = await postJson(baseUrl, '/api/otp/send', { phoneNumber: phone });
  await postJson(baseUrl, '/api/otp/verify', { otpToken, otpCode: await readOtp(baseUrl, phone) });
  await postJson(baseUrl, '/api/account', {
    name: 'Malee Player',
    username: phone,
    password: PLAYER_PASSWORD,
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode,
    bankAccountName: 'MALEE PLAYER',
    bankAccountNo,
  });
  return { phone, bankCode, bankAccountNo };
}

/** Funds a wallet through the sandbox bank: a transfer from the player's own account, through the bank feed. */
export async function fundWallet(baseUrl: string, phone: string, amount: number): Promise<void> {
  await postJson(baseUrl, '/sandbox/bank/credit', { username: phone, amount });
}

/**
 * A new player, signed in on `page` in English with the agreement already accepted: where a file's tests
 * start from the player's home.
 */
export async function signInNewPlayer(page: Page, baseUrl: string): Promise<TestPlayer> {
  const player = await registerPlayer(baseUrl);
  await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
  await page.goto('/login');
  await useLanguage(page, 'en');
  await logIn(page, player.phone, PLAYER_PASSWORD);
  await page.waitForURL(/\/user/);
  return player;
}
