import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import chatEn from '../apps/web/src/i18n/chat/en.json' with { type: 'json' };
import chatLo from '../apps/web/src/i18n/chat/lo.json' with { type: 'json' };
import chatTh from '../apps/web/src/i18n/chat/th.json' with { type: 'json' };
import { type Lang, readOtp, text, uniqueAccountNo, uniquePhone, useLanguage } from './support/app.ts';
import { axeViolations, smallTargets } from './support/axe.ts';
import { DEMO_OWNER } from './support/backoffice.ts';
import { launchBrowser, overflowingElements, phoneContext } from './support/browser.ts';
import { chooseFiles } from './support/files.ts';
import { callJson, PLAYER_PASSWORD, postJson } from './support/players.ts';
import { buildWeb, type RunningServer, startServer } from './support/server.ts';

const chatTexts: Record<Lang, Record<string, string>> = { th: chatTh.chat, lo: chatLo.chat, en: chatEn.chat };
/** A chat panel text as the player reads it (the panel's texts live in their own files). */
function chatText(lang: Lang, key: string): string {
  const value = chatTexts[lang][key];
  if (!value) throw new Error(`no ${lang} chat text for ${key}`);
  return value;
}

const SHOTS = '/tmp/shots/chat-widget';

/** A 1×1 PNG: the server reads the type from these bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface InboxRow {
  id: string;
  userId: string | null;
  status: string;
  lastMessagePreview: string;
}

interface StaffMessage {
  sender: string;
  clientMessageId: string | null;
  message: { message_type: string; payload: unknown };
}

/** Waits for the player's panel to show its conversation. */
async function openChat(page: Page): Promise<void> {
  await page.getByTestId('chat-launcher').click();
  await page.getByTestId('chat-panel').locator('textarea').waitFor();
  await page.waitForFunction(() => !document.querySelector('.chat-panel textarea')?.hasAttribute('disabled'));
}

async function send(page: Page, message: string): Promise<void> {
  const input = page.getByTestId('chat-panel').locator('textarea');
  await input.fill(message);
  await input.press('Enter');
}

const bubble = (page: Page, content: string) => page.getByTestId('chat-message').filter({ hasText: content });

async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

describe('the chat widget', () => {
  let server: RunningServer;
  let webDir: string;
  let owner: string;
  let page: Page;
  let close: () => Promise<void>;

  const inbox = () =>
    callJson<{ rows: InboxRow[] }>(server.url, 'GET', '/api/backoffice/chat/conversations?filter=all', owner).then(
      (body) => body.rows,
    );
  const reply = (id: string, payload: string) =>
    callJson(server.url, 'POST', `/api/backoffice/chat/conversations/${id}/reply`, owner, {
      clientMessageId: crypto.randomUUID(),
      message: { message_type: 'text', payload },
    });
  const staffMessages = (id: string) =>
    callJson<{ messages: StaffMessage[] }>(
      server.url,
      'GET',
      `/api/backoffice/chat/conversations/${id}/messages?skip=0&limit=50`,
      owner,
    ).then((body) => body.messages);

  beforeAll(async () => {
    // The chat socket connects only where a chat backend is set (SPEC §4): here, the app's own origin.
    webDir = mkdtempSync(join(tmpdir(), 'web-chat-'));
    buildWeb(webDir, { VITE_CHAT_BACKEND_URL: '/' });
    server = await startServer({ ENABLE_CHAT_WIDGET: 'true', WEB_DIST_DIR: webDir });
    owner = (await postJson<{ token: string }>(server.url, '/api/backoffice/login', DEMO_OWNER)).token;
    const browser = await launchBrowser();
    page = await (await phoneContext(browser, server.url)).newPage();
    close = () => browser.close();
    mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await close?.();
    await server?.stop();
    rmSync(webDir, { recursive: true, force: true });
  });

  let conversationId = '';

  it('a guest opens the widget from the invite, writes, and reads the agent’s answer live', async () => {
    await page.goto('/login');
    await page.getByTestId('chat-invite').waitFor();
    expect(await page.getByTestId('chat-invite').textContent()).toContain(text('th', 'chatLauncher.invite'));
    await openChat(page);
    const guestId = await page.evaluate(() => localStorage.getItem('guest-id'));
    expect(guestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    await send(page, 'สวัสดีค่ะ ฝากเงินไม่เข้า');
    await expect.poll(() => bubble(page, 'ฝากเงินไม่เข้า').getAttribute('data-status')).toBe('succeed');

    // Agents find the guest by the conversation, never by the guest's id (the guest's credential).
    const rows = await inbox();
    expect(JSON.stringify(rows)).not.toContain(guestId);
    const row = rows.find((candidate) => candidate.lastMessagePreview === 'สวัสดีค่ะ ฝากเงินไม่เข้า');
    expect(row).toBeTruthy();
    conversationId = row!.id;
    await reply(conversationId, 'ทีมงานกำลังตรวจสอบค่ะ ดูวิธีที่ https://example.com/help');
    const answer = bubble(page, 'ทีมงานกำลังตรวจสอบค่ะ');
    await answer.waitFor();
    const link = answer.getByRole('link');
    expect(await link.getAttribute('href')).toBe('https://example.com/help');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('after signing up and in, the guest’s conversation continues as the member’s', async () => {
    // The guest signs up through the wizard in the same browser, then signs in.
    const phone = uniquePhone();
    await page.goto('/register');
    await page.locator('input[name=phone]').fill(phone);
    await page.locator('form button[type=submit]').click();
    await page.locator('input[name=otp]').waitFor();
    await page.locator('input[name=otp]').fill(await readOtp(server.url, phone));
    await page.locator('form button[type=submit]').click();
    await page.locator('input[name=name]').fill('Malee Chat');
    await page.locator('input[name=password]').fill(PLAYER_PASSWORD);
    await page.locator('input[name=confirmPassword]').fill(PLAYER_PASSWORD);
    await page.locator('select[name=sourceCode]').selectOption('LINE');
    await page.locator('form button[type=submit]').click();
    await page.locator('select[name=bankCode]').selectOption('SCB');
    await page.locator('input[name=bankAccountNo]').fill(uniqueAccountNo());
    await page.locator('input[name=firstName]').fill('malee');
    await page.locator('input[name=lastName]').fill('chat');
    await page.locator('form button[type=submit]').click();
    // Registered and signed in at once: SPEC's 2 s redirect lands on the player's home.
    await page.waitForURL('**/user/home', { timeout: 10_000 });
    // A new member is asked to accept the conditions first (SPEC: after 1.5 s).
    await page.getByTestId('agreement-accept').click();
    await openChat(page);
    // The history is the one the guest wrote.
    await bubble(page, 'ฝากเงินไม่เข้า').waitFor();
    await bubble(page, 'ทีมงานกำลังตรวจสอบค่ะ').waitFor();
    await send(page, 'ตอนนี้เป็นสมาชิกแล้วค่ะ');
    await expect.poll(() => bubble(page, 'เป็นสมาชิกแล้ว').getAttribute('data-status')).toBe('succeed');

    const row = (await inbox()).find((candidate) => candidate.id === conversationId);
    expect(row?.userId).toBeTruthy();
    const texts = (await staffMessages(conversationId)).map((m) => JSON.stringify(m.message.payload));
    expect(texts.some((t) => t.includes('ฝากเงินไม่เข้า'))).toBe(true);
    expect(texts.some((t) => t.includes('เป็นสมาชิกแล้ว'))).toBe(true);
  });

  it('a member sends an image and sees its upload progress', async () => {
    // A phone's upload speed (about 4 Mbit/s) makes a 1.5 MB photo take a few hundred milliseconds.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 500_000,
    });
    const photo = Buffer.concat([PNG, Buffer.alloc(1_500_000)]);
    await chooseFiles(page, 'chat-file', { name: 'proof.png', mimeType: 'image/png', buffer: photo });
    const uploading = page.locator('.chat-message[data-status="uploading_file"]');
    await uploading.waitFor();
    expect(await uploading.locator('progress').count()).toBe(1);
    // The bar moves while the bytes go up.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const bar = document.querySelector<HTMLProgressElement>('.chat-message progress');
          return bar ? bar.value : 100;
        }),
      )
      .toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'chat-upload-progress-th.png') });
    await page.waitForSelector('.chat-message[data-status="succeed"] img.chat-media', { timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
    const media = (await staffMessages(conversationId)).filter((m) => m.message.message_type === 'media');
    expect(media).toHaveLength(1);
    // The stored image is served to the member.
    const src = await page.locator('.chat-message[data-status="succeed"] img.chat-media').last().getAttribute('src');
    const status = await page.evaluate(async (url) => (await fetch(url!)).status, src);
    expect(status).toBe(200);
  });

  it('a failed upload is resent and stored once', async () => {
    let failures = 0;
    await page.route('**/api/chat/upload-image**', async (route) => {
      if (failures === 0) {
        failures += 1;
        await route.abort('failed');
      } else await route.continue();
    });
    await chooseFiles(page, 'chat-file', { name: 'again.png', mimeType: 'image/png', buffer: PNG });
    const failed = page.locator('.chat-message[data-status="failed"]');
    await failed.waitFor();
    expect(await failed.textContent()).toContain(chatText('th', 'failed'));
    await failed.getByRole('button', { name: chatText('th', 'resend') }).click();
    await expect.poll(() => page.locator('.chat-message[data-status="failed"]').count()).toBe(0);
    await expect.poll(() => page.locator('.chat-message[data-status="succeed"] img.chat-media').count()).toBe(2);
    await page.unroute('**/api/chat/upload-image**');
    const media = (await staffMessages(conversationId)).filter((m) => m.message.message_type === 'media');
    expect(media).toHaveLength(2);
  });

  it('the agent ends the session and the player sees the end-of-session marker', async () => {
    await callJson(server.url, 'POST', `/api/backoffice/chat/conversations/${conversationId}/end`, owner, {});
    await page.getByTestId('chat-session-ended').waitFor();
    expect(await page.getByTestId('chat-session-ended').textContent()).toBe(chatText('th', 'sessionEnded'));
  });

  it.each(['th', 'lo', 'en'] as const)('looks right at 390×844 in %s', async (lang) => {
    await useLanguage(page, lang);
    await page.getByTestId('chat-launcher').waitFor();
    await openChat(page);
    await bubble(page, 'ทีมงานกำลังตรวจสอบค่ะ').waitFor();
    await page.getByTestId('chat-session-ended').waitFor();
    await page.waitForFunction(() => {
      const log = document.querySelector('.chat-log');
      return log ? log.scrollHeight - log.scrollTop - log.clientHeight < 60 : false;
    });
    await settle(page);
    expect(await page.getByRole('heading', { name: chatText(lang, 'title') }).count()).toBe(1);
    expect(await page.getByTestId('chat-panel').locator('textarea').getAttribute('placeholder')).toBe(
      chatText(lang, 'placeholder'),
    );
    expect(await overflowingElements(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `chat-panel-${lang}.png`) });
    // axe's serious and critical findings, and controls below 44 px, with the panel open.
    const found = [...(await axeViolations(page, `chat ${lang}`)), ...(await smallTargets(page, `chat ${lang}`))];
    expect(found.join('\n'), 'accessibility findings').toBe('');
  });

  it.each(['th', 'lo', 'en'] as const)('invites a guest on the login page in %s', async (lang) => {
    const context = await phoneContext(page.context().browser()!, server.url);
    const guest = await context.newPage();
    await guest.goto('/login');
    await useLanguage(guest, lang);
    await guest.getByTestId('chat-invite').waitFor();
    await settle(guest);
    expect(await guest.getByTestId('chat-invite').textContent()).toContain(text(lang, 'chatLauncher.invite'));
    expect(await overflowingElements(guest)).toEqual([]);
    await guest.screenshot({ path: join(SHOTS, `chat-invite-${lang}.png`) });
    await context.close();
  });
});
