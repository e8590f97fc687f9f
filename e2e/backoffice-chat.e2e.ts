import type { ChatInboxResponse } from '@wallet/contract/backoffice/chat';
import { CHAT_SOCKET_EVENTS, CHAT_STAFF_EVENTS } from '@wallet/contract/chat-events';
import type { Browser, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_SIZES,
  type BackofficeLang,
  type BackofficeSize,
  backofficeText as bo,
  DEMO_OWNER,
  openBackofficePage,
  signInToBackoffice,
} from './support/backoffice.ts';
import { launchBrowser, overflowingElements, screenshot } from './support/browser.ts';
import { fundWallet, PLAYER_PASSWORD, postJson, registerPlayer } from './support/players.ts';
import { type RunningServer, startServer } from './support/server.ts';

/** What the guest's socket heard, in order. */
interface Heard {
  event: string;
  payload: Record<string, unknown>;
}

/**
 * A visitor on the player app's chat, driven as the widget drives it: a stored guest id, a socket that
 * joins PREFIX + guest id, and the HTTP calls of SPEC §7.
 */
class Guest {
  readonly guestId = `g${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
  readonly heard: Heard[] = [];
  private socket!: Socket;

  constructor(private readonly baseUrl: string) {}

  async connect(): Promise<void> {
    const config = (await (await fetch(`${this.baseUrl}/api/chat/config`)).json()) as { PREFIX: string };
    this.socket = io(this.baseUrl, {
      path: '/socket.io',
      auth: { guestId: this.guestId },
      transports: ['websocket'],
      forceNew: true,
    });
    for (const event of Object.values(CHAT_SOCKET_EVENTS)) {
      this.socket.on(event, (payload: Record<string, unknown>) => this.heard.push({ event, payload }));
    }
    // The agents' events must never reach a player's socket.
    for (const event of Object.values(CHAT_STAFF_EVENTS)) {
      this.socket.on(event, (payload: Record<string, unknown>) => this.heard.push({ event, payload }));
    }
    const ack = await this.socket
      .timeout(10_000)
      .emitWithAck(CHAT_SOCKET_EVENTS.join, `${config.PREFIX}${this.guestId}`);
    if (!(ack as { ok: boolean }).ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
  }

  async say(text: string): Promise<void> {
    const res = await fetch(`${this.baseUrl}/api/chat/send-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientMessageId: crypto.randomUUID(),
        guestId: this.guestId,
        message: { message_type: 'text', payload: text },
      }),
    });
    if (!res.ok) throw new Error(`send-message: ${res.status} ${await res.text()}`);
  }

  typing(typing: boolean): void {
    this.socket.emit(CHAT_SOCKET_EVENTS.typing, { typing });
  }

  async history(): Promise<Array<Record<string, unknown>>> {
    const res = await fetch(`${this.baseUrl}/api/chat/history`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ guestId: this.guestId, limit: 50, skip: 0 }),
    });
    if (!res.ok) throw new Error(`history: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { conversations: Array<Record<string, unknown>> }).conversations;
  }

  /** Everything the guest received, as one text to search. */
  transcript(): string {
    return JSON.stringify(this.heard);
  }

  close(): void {
    this.socket?.disconnect();
  }
}

describe('the agents’ chat console (issue 17)', () => {
  let server: RunningServer;
  let browser: Browser;
  const guests: Guest[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const guest of guests) guest.close();
    await browser?.close();
    await server?.stop();
  });

  async function newGuest(): Promise<Guest> {
    const guest = new Guest(server.url);
    guests.push(guest);
    await guest.connect();
    return guest;
  }

  let ownerToken: string | undefined;
  /**
   * How the console names a guest: "Guest" and the end of the conversation's id, which the test reads
   * as an agent does (the inbox, found by the guest's last words). The guest's own id is never shown.
   */
  async function guestLabel(lang: BackofficeLang, lastWords: string): Promise<string> {
    ownerToken ??= (await postJson<{ token: string }>(server.url, '/api/backoffice/login', DEMO_OWNER)).token;
    const res = await fetch(`${server.url}/api/backoffice/chat/conversations?filter=all&limit=100`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const row = ((await res.json()) as ChatInboxResponse).rows.find((r) => r.lastMessagePreview === lastWords);
    if (!row) throw new Error(`no conversation ends with ${lastWords}`);
    return bo(lang, 'chat.guest', { id: row.id.slice(-6) });
  }

  async function agentPage(lang: BackofficeLang, size: BackofficeSize): Promise<Page> {
    const page = await openBackofficePage(browser, server, BACKOFFICE_SIZES[size], lang);
    await signInToBackoffice(page, lang);
    await page.getByRole('link', { name: new RegExp(`^${bo(lang, 'nav.chat')}`) }).click();
    await page.getByRole('heading', { level: 1, name: bo(lang, 'chat.title') }).waitFor();
    return page;
  }

  it('a guest writes, the agent sees it live, takes it, answers, notes privately, both see typing, and ends the session', async () => {
    const page = await agentPage('en', 'desktop');
    await page.waitForLoadState('networkidle');
    const guest = await newGuest();

    // The agent's inbox shows the new conversation without a reload.
    const hello = 'Hello, my deposit <b>has not</b> arrived: https://example.com/slip';
    await guest.say(hello);
    const label = await guestLabel('en', hello);
    const row = page.locator('.chat-inbox-item', { hasText: label });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('inbox-unread').textContent()).toContain('1');
    await row.click();
    const log = page.getByTestId('chat-messages');
    const first = log.getByTestId('chat-msg-customer').first();
    // The markup arrives as the characters typed; the address is a safe link.
    expect(await first.textContent()).toContain('<b>has not</b>');
    expect(await log.locator('b').count()).toBe(0);
    expect(await first.getByRole('link', { name: 'https://example.com/slip' }).getAttribute('rel')).toContain(
      'noopener',
    );
    // The guest's id is the guest's credential: nothing on the agent's screen carries it.
    expect(await page.content()).not.toContain(guest.guestId);

    // Claim.
    await page.getByRole('button', { name: bo('en', 'chat.claim') }).click();
    await expect.poll(() => page.getByTestId('chat-assigned').textContent()).toBe(bo('en', 'chat.assignedToYou'));

    // The guest types: the agent sees it.
    guest.typing(true);
    await expect.poll(() => page.getByTestId('chat-typing').textContent()).toBe(bo('en', 'chat.playerTyping'));
    guest.typing(false);
    await expect.poll(() => page.getByTestId('chat-typing').textContent()).toBe('');

    // The agent types: the guest hears it.
    const input = page.getByTestId('chat-input');
    await input.pressSequentially('We are checking', { delay: 20 });
    await expect
      .poll(() => guest.heard.some((h) => h.event === CHAT_SOCKET_EVENTS.typing && h.payload.typing === true))
      .toBe(true);
    await input.press('Enter');
    await log.getByText('We are checking').waitFor();
    await expect
      .poll(() =>
        guest.heard.some(
          (h) =>
            h.event === CHAT_SOCKET_EVENTS.messaging &&
            h.payload.sender === 'other' &&
            JSON.stringify(h.payload.message).includes('We are checking'),
        ),
      )
      .toBe(true);

    // The guest answers live.
    await guest.say('Thank you!');
    await log.getByText('Thank you!').waitFor({ timeout: 15_000 });

    // A private note: the agents see it, the guest never does (socket nor history).
    await page.getByTestId('mode-note').click();
    await input.fill('Guest seems to be a known player, ask for the phone number');
    await page.getByRole('button', { name: bo('en', 'chat.saveNote') }).click();
    await log.getByTestId('chat-note').getByText('Guest seems to be a known player').waitFor();
    await page.getByTestId('mode-reply').click();

    await screenshot(page, 'backoffice-chat-conversation-desktop-en');

    // End the session, after the confirmation.
    await page.getByRole('button', { name: bo('en', 'chat.end'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await screenshot(page, 'backoffice-chat-end-dialog-desktop-en');
    await dialog.getByRole('button', { name: bo('en', 'chat.endConfirm') }).click();
    await log.getByTestId('chat-session-ended').waitFor({ timeout: 15_000 });
    await expect
      .poll(() =>
        guest.heard.some((h) => h.event === CHAT_SOCKET_EVENTS.messaging && h.payload.marker === 'session_ended'),
      )
      .toBe(true);
    await expect.poll(() => guest.heard.some((h) => h.event === CHAT_SOCKET_EVENTS.sessionEnded)).toBe(true);
    const history = await guest.history();
    expect(history.some((m) => m.marker === 'session_ended')).toBe(true);

    // Nothing of the note, nor any agents' event, ever reached the guest.
    expect(guest.transcript()).not.toContain('known player');
    expect(JSON.stringify(history)).not.toContain('known player');
    expect(guest.heard.filter((h) => h.event.startsWith('chat:'))).toEqual([]);
  });

  it('a new conversation notifies the agent on any back-office screen, once notifications are turned on', async () => {
    const page = await agentPage('en', 'desktop');
    // Chromium's real Notification, recorded: headless shows nothing, so the page keeps what it was asked.
    await page.evaluate(() => {
      const Real = window.Notification;
      const shown: string[] = [];
      (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push(`${title} | ${options?.body ?? ''}`);
        }
      }
      Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true });
    });
    await page.context().grantPermissions(['notifications']);
    await expect.poll(() => page.evaluate(() => Notification.permission)).toBe('granted');
    // Away from the chat screen: the navigation's badge keeps listening.
    await page.getByRole('link', { name: new RegExp(`^${bo('en', 'nav.players')}`) }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const before = Number(await page.getByTestId('nav-chat-count').textContent());
    const guest = await newGuest();
    await guest.say('Is anybody there?');
    const label = await guestLabel('en', 'Is anybody there?');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications))
      .toEqual([`${bo('en', 'chat.alertTitle')} | ${label}: Is anybody there?`]);
    await expect.poll(async () => Number(await page.getByTestId('nav-chat-count').textContent())).toBe(before + 1);
    // The same conversation writing again is not news.
    await guest.say('Hello?');
    await page.waitForTimeout(1_000);
    expect(
      await page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications),
    ).toHaveLength(1);
    await page.context().close();
  });

  it('the agent sends a picture; it shows in the console and the guest gets it as a media message', async () => {
    const guest = await newGuest();
    await guest.say('Can you show me where to tap?');
    const page = await agentPage('en', 'desktop');
    await page.locator('.chat-inbox-item', { hasText: 'Can you show me where to tap?' }).click();
    await page.getByTestId('chat-msg-customer').first().waitFor();
    // A real 1x1 PNG: the server reads the type from the bytes.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.getByTestId('chat-image-input').setInputFiles({ name: 'where.png', mimeType: 'image/png', buffer: png });
    const image = page.getByTestId('chat-messages').getByTestId('chat-image');
    await image.waitFor({ timeout: 15_000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect
      .poll(() =>
        guest.heard.find(
          (h) =>
            h.event === CHAT_SOCKET_EVENTS.messaging &&
            (h.payload.message as { message_type?: string }).message_type === 'media',
        ),
      )
      .toBeTruthy();
    await page.context().close();
  });

  it("a member's conversation shows the wallet, the last deposit and the way to the player page", async () => {
    const player = await registerPlayer(server.url);
    await fundWallet(server.url, player.phone, 321.5);
    const { token } = await postJson<{ token: string }>(server.url, '/api/login', {
      username: player.phone,
      password: PLAYER_PASSWORD,
    });
    // The sandbox credit books after the bank feed's turn: wait until the wallet shows it.
    await expect
      .poll(async () => {
        const res = await fetch(`${server.url}/api/wallet`, { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { wallet: { amount: number } }).wallet.amount;
      })
      .toBe(321.5);
    const res = await fetch(`${server.url}/api/chat/send-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      // The server takes the member from the token; userId only says this is a member's message.
      body: JSON.stringify({
        clientMessageId: crypto.randomUUID(),
        userId: player.phone,
        message: { message_type: 'text', payload: 'My deposit of 321.50 arrived, thanks' },
      }),
    });
    expect(res.status).toBe(200);

    const page = await agentPage('en', 'desktop');
    await page.locator('.chat-inbox-item', { hasText: 'My deposit of 321.50' }).click();
    await expect.poll(() => page.getByTestId('chat-conv-title').textContent()).toBe('Malee Player');
    const member = page.getByTestId('chat-member');
    await member.waitFor();
    expect(await member.textContent()).toContain(player.phone);
    expect(await page.getByTestId('chat-wallet').textContent()).toContain('321.50');
    expect(await page.getByRole('complementary').textContent()).toContain('321.50');
    await screenshot(page, 'backoffice-chat-member-desktop-en');
    await page.getByTestId('chat-player-link').click();
    await page.getByRole('heading', { level: 1, name: /Malee Player/ }).waitFor();
    await page.context().close();
  });

  it.each([
    ['desktop', 'en'],
    ['desktop', 'th'],
    ['tablet', 'en'],
    ['tablet', 'th'],
  ] as const)('fits a %s in %s, fully translated', async (size, lang) => {
    const guest = await newGuest();
    const words = lang === 'th' ? 'สวัสดีค่ะ ฝากเงินแล้วยอดยังไม่เข้า' : 'Hello, my withdrawal is late';
    await guest.say(words);
    const page = await agentPage(lang, size);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    const label = await guestLabel(lang, words);
    await page.locator('.chat-inbox-item', { hasText: label }).click();
    await page.getByTestId('chat-msg-customer').first().waitFor();
    await page.getByTestId('chat-input').fill(lang === 'th' ? 'กำลังตรวจสอบให้ค่ะ' : 'Checking for you');
    await page.evaluate(() => document.fonts.ready);
    expect(await overflowingElements(page), `${size} ${lang}`).toEqual([]);
    await screenshot(page, `backoffice-chat-${size}-${lang}`);

    await page.getByRole('button', { name: bo(lang, 'chat.canned.button') }).click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, `backoffice-chat-canned-${size}-${lang}`);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: bo(lang, 'chat.canned.manage') }).click();
    await page.getByRole('heading', { level: 1, name: bo(lang, 'chat.canned.title') }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await overflowingElements(page), `${size} ${lang} canned`).toEqual([]);
    await screenshot(page, `backoffice-chat-canned-replies-${size}-${lang}`);
    await page.context().close();
  });
});
