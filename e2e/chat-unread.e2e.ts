import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from './support/app.ts';
import { DEMO_OWNER } from './support/backoffice.ts';
import { phoneContext } from './support/browser.ts';
import { openPhoneApp, type PhoneApp } from './support/phone-app.ts';
import { callJson, PLAYER_PASSWORD, postJson, registerPlayer } from './support/players.ts';

/**
 * An answer from support while the chat is closed (SPEC §2 Chat widget): the launcher counts it and the tab's
 * title does ("(1) ..."), for a guest and a member, also on a page where the panel was never opened; reading
 * the conversation clears both. The closed chat asks every 10 s.
 */
describe('unread answers while the chat is closed', () => {
  let app: PhoneApp;
  let owner: string;

  beforeAll(async () => {
    app = await openPhoneApp({ ENABLE_CHAT_WIDGET: 'true' });
    owner = (await postJson<{ token: string }>(app.server.url, '/api/backoffice/login', DEMO_OWNER)).token;
  });
  afterAll(async () => app?.close());

  async function reply(firstWords: string, payload: string): Promise<void> {
    const { rows } = await callJson<{ rows: { id: string; lastMessagePreview: string }[] }>(
      app.server.url,
      'GET',
      '/api/backoffice/chat/conversations?filter=all',
      owner,
    );
    const row = rows.find((candidate) => candidate.lastMessagePreview === firstWords);
    if (!row) throw new Error(`no conversation starting "${firstWords}"`);
    await callJson(app.server.url, 'POST', `/api/backoffice/chat/conversations/${row.id}/reply`, owner, {
      clientMessageId: crypto.randomUUID(),
      message: { message_type: 'text', payload },
    });
  }

  /** Writes once (a conversation support can answer), then closes the panel. */
  async function writeAndClose(page: Page, message: string): Promise<void> {
    await page.getByTestId('chat-launcher').click();
    const input = page.getByTestId('chat-panel').locator('textarea');
    await page.waitForFunction(() => !document.querySelector('.chat-panel textarea')?.hasAttribute('disabled'));
    await input.fill(message);
    await input.press('Enter');
    await page.locator('.chat-message[data-status="succeed"]').filter({ hasText: message }).waitFor();
    await page.getByTestId('chat-launcher').click();
  }

  const badge = (page: Page) => page.locator('.chat-badge');

  /** The closed chat's first look at the conversation, a moment after the screen loads: what is seen so far. */
  async function keptInBackground(page: Page): Promise<void> {
    await page.waitForResponse((res) => res.url().endsWith('/api/chat/history'), { timeout: 30_000 });
  }

  async function expectCountedThenCleared(page: Page, first: string, answer: string): Promise<void> {
    const title = await page.title();
    await reply(first, answer);
    await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toBe('1');
    await expect.poll(() => page.title()).toBe(`(1) ${title}`);
    await page.getByTestId('chat-launcher').click();
    await page.locator('.chat-message').filter({ hasText: answer }).waitFor();
    await expect.poll(() => badge(page).count()).toBe(0);
    await expect.poll(() => page.title()).toBe(title);
    await page.getByTestId('chat-launcher').click();
  }

  it('counts an answer for a guest, on a page where the panel was never opened', async () => {
    const page = app.page;
    await page.goto('/login');
    await writeAndClose(page, 'guest asks about a deposit');
    await page.reload();
    await keptInBackground(page);
    await expectCountedThenCleared(page, 'guest asks about a deposit', 'support answers the guest');
  });

  it('counts an answer for a member, on a page where the panel was never opened', async () => {
    const page = await (await phoneContext(app.browser, app.server.url)).newPage();
    await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
    const player = await registerPlayer(app.server.url);
    await logIn(page, player.phone, PLAYER_PASSWORD);
    await page.waitForURL('**/user/home');
    await writeAndClose(page, 'member asks about a withdrawal');
    await page.goto('/user/statement');
    await keptInBackground(page);
    await expectCountedThenCleared(page, 'member asks about a withdrawal', 'support answers the member');
    await page.context().close();
  });
});
