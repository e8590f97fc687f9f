import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Conversation } from '@wallet/contract/chat';
import { STORAGE_KEYS } from '@wallet/contract/constants';
import { clearToken, setToken } from '@wallet/web-kit/lib/auth-token';
import { type ApiCall, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '@/test/fake-xhr';
import { renderScreen } from '@/test/render';
import ChatPanel from './chat-panel';

const GUEST = 'guest-0123456789';
const DAY = 86_400_000;

let serial = 0;
function message(overrides: Partial<Conversation> = {}): Conversation {
  serial += 1;
  return {
    id: `m${serial}`,
    clientMessageId: null,
    marker: null,
    sender: 'other',
    message: { message_type: 'text', payload: `message ${serial}` },
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    session_id: 's1',
    userId: null,
    guestId: GUEST,
    username: null,
    name: null,
    deviceToken: null,
    ...overrides,
  };
}

/** A reply the test releases when it wants, to see the states in between. */
function deferred() {
  let release: (reply: Reply) => void = () => undefined;
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function renderPanel(history: Conversation[] | ((body: { skip: number }) => Conversation[]), handlers = {}) {
  const calls = mockApi({
    'GET /api/chat/config': { body: { PREFIX: 'room:' } },
    'POST /api/chat/history': (body) => ({
      body: { conversations: typeof history === 'function' ? history(body as { skip: number }) : history },
    }),
    'PUT /api/chat/read-customer/': { body: {} },
    ...handlers,
  });
  const view = renderScreen(<ChatPanel open onClose={() => undefined} onUnread={() => undefined} />);
  return { ...view, calls };
}

const sent = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/chat/send-message');
const bubbles = () => screen.queryAllByTestId('chat-message');

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.guestId, GUEST);
  if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:preview';
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToken();
  localStorage.clear();
});

describe('ChatPanel history', () => {
  it("asks for the guest's history (limit 10, skip 0) and shows day separators and the end-of-session marker", async () => {
    const { calls } = renderPanel([
      message({ createdAt: new Date(Date.UTC(2026, 0, 5, 3)).toISOString(), sender: 'customer' }),
      message({ createdAt: new Date(Date.now() - DAY).toISOString() }),
      message({ createdAt: new Date(Date.now() - DAY + 1000).toISOString(), marker: 'session_ended' }),
      message({ createdAt: new Date(Date.now() - 1000).toISOString() }),
    ]);
    await waitFor(() => expect(bubbles()).toHaveLength(3));
    expect(calls.find((call) => call.path === '/api/chat/history')?.body).toEqual({
      userId: null,
      guestId: GUEST,
      limit: 10,
      skip: 0,
    });
    expect(screen.getAllByTestId('chat-day').map((day) => day.textContent)).toEqual([
      '05/01/2026',
      'Yesterday',
      'Today',
    ]);
    expect(screen.getByTestId('chat-session-ended').textContent).toBe('The conversation was ended by our team');
    // Fewer than a page: the whole conversation is there.
    expect(screen.getByText('Start of the conversation')).toBeTruthy();
  });

  it('scrolling to the top loads the next older page (skip = messages held) and keeps them in order', async () => {
    const newest = Array.from({ length: 10 }, (_, index) =>
      message({ createdAt: new Date(Date.now() - (10 - index) * 60_000).toISOString() }),
    );
    const older = Array.from({ length: 3 }, (_, index) =>
      message({ createdAt: new Date(Date.now() - (20 - index) * 60_000).toISOString() }),
    );
    const { calls } = renderPanel((body) => (body.skip === 0 ? newest : older));
    await waitFor(() => expect(bubbles()).toHaveLength(10));
    expect(screen.queryByText('Start of the conversation')).toBeNull();
    const log = screen.getByTestId('chat-log');
    log.scrollTop = 0;
    fireEvent.scroll(log);
    await waitFor(() => expect(bubbles()).toHaveLength(13));
    const pages = calls.filter((call) => call.path === '/api/chat/history').map((call) => call.body);
    expect(pages).toEqual([
      { userId: null, guestId: GUEST, limit: 10, skip: 0 },
      { userId: null, guestId: GUEST, limit: 10, skip: 10 },
    ]);
    const texts = bubbles().map((bubble) => bubble.textContent);
    expect(texts[0]).toContain(String((older[0]!.message as { payload: string }).payload));
    expect(texts[12]).toContain(String((newest[9]!.message as { payload: string }).payload));
    // A short page: nothing older is left, and scrolling up again asks for nothing.
    expect(await screen.findByText('Start of the conversation')).toBeTruthy();
    fireEvent.scroll(log);
    expect(calls.filter((call) => call.path === '/api/chat/history')).toHaveLength(2);
  });

  it('shows a hostile message as text: no markup runs, only http(s) addresses become safe links', async () => {
    const hostile =
      '<img src=x onerror="window.hacked=1"> javascript:alert(1) <a href="javascript:alert(2)">x</a> see https://example.com/a?b=1.';
    renderPanel([
      message({ message: { message_type: 'text', payload: hostile } }),
      message({
        message: {
          message_type: 'buttons',
          payload: {
            text: 'Pick one',
            buttons: [
              { type: 'web', title: 'Evil', payload: 'javascript:alert(3)' },
              { type: 'web', title: 'Site', payload: 'https://example.com/ok' },
            ],
          },
        },
      }),
    ]);
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    const [first, second] = bubbles();
    expect(first!.querySelector('img')).toBeNull();
    expect(first!.textContent).toContain('<img src=x onerror="window.hacked=1">');
    expect(first!.textContent).toContain('<a href="javascript:alert(2)">x</a>');
    const links = within(first!).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/a?b=1']);
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.textContent).toBe('https://example.com/a?b=1');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    // A web button whose address is not http(s) is plain text.
    expect(
      within(second!)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://example.com/ok']);
    expect(within(second!).getByText('Evil').tagName).toBe('SPAN');
  });
});

describe('ChatPanel sending', () => {
  it('refuses an empty or over-long text with its message, and sends a trimmed one: sending → succeed', async () => {
    const reply = deferred();
    const { user, calls } = renderPanel([], { 'POST /api/chat/send-message': () => reply.promise });
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect((input as HTMLTextAreaElement).disabled).toBe(false));
    await user.type(input, '   {Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Type a message first.');
    fireEvent.change(input, { target: { value: 'x'.repeat(2001) } });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A message can have at most 2000 characters.');
    expect(sent(calls)).toEqual([]);

    fireEvent.change(input, { target: { value: '  hello there  ' } });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    expect(bubbles()[0]!.dataset.status).toBe('sending');
    expect(bubbles()[0]!.textContent).toContain('Sending…');
    const body = sent(calls)[0]!.body as { clientMessageId: string; message: unknown; guestId: string };
    expect(body.message).toEqual({ message_type: 'text', payload: 'hello there' });
    expect(body.guestId).toBe(GUEST);
    expect(body.clientMessageId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect((input as HTMLTextAreaElement).value).toBe('');

    reply.release({ body: { id: 'server-1', createdAt: new Date().toISOString(), session_id: 's1' } });
    await waitFor(() => expect(bubbles()[0]!.dataset.status).toBe('succeed'));
    expect(bubbles()[0]!.querySelector('time')).toBeTruthy();
  });

  it('a failed send offers resend (same client message id) and remove', async () => {
    let attempts = 0;
    const { user, calls } = renderPanel([], {
      'POST /api/chat/send-message': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } }
          : { body: { id: 'server-2', createdAt: new Date().toISOString(), session_id: 's1' } };
      },
    });
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect((input as HTMLTextAreaElement).disabled).toBe(false));
    await user.type(input, 'first{Enter}');
    await waitFor(() => expect(bubbles()[0]?.dataset.status).toBe('failed'));
    expect(bubbles()[0]!.textContent).toContain('Not sent');
    await user.click(within(bubbles()[0]!).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(bubbles()[0]?.dataset.status).toBe('succeed'));
    const ids = sent(calls).map((call) => (call.body as { clientMessageId: string }).clientMessageId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);

    // Another failure, removed this time.
    attempts = 0;
    await user.type(input, 'second{Enter}');
    await waitFor(() => expect(bubbles()[1]?.dataset.status).toBe('failed'));
    await user.click(within(bubbles()[1]!).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    expect(bubbles()[0]!.textContent).toContain('first');
  });

  it('an image goes uploading_file (with progress) → sending → succeed, and a failed upload is uploaded again', async () => {
    const xhr = stubXhr();
    const reply = deferred();
    const { user, calls } = renderPanel([], { 'POST /api/chat/send-message': () => reply.promise });
    const file = (await screen.findByTestId('chat-file')) as HTMLInputElement;
    await waitFor(() => expect(file.disabled).toBe(false));
    await user.upload(file, new File([new Uint8Array(4096)], 'photo.png', { type: 'image/png' }));

    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(xhr.requests[0]!.url).toBe(`/api/chat/upload-image?guestId=${GUEST}`);
    expect(xhr.requests[0]!.timeout).toBe(300_000);
    expect(bubbles()[0]!.dataset.status).toBe('uploading_file');
    expect(bubbles()[0]!.querySelector('img')?.getAttribute('src')).toBe('blob:http://localhost/preview');

    // The first try fails on the network; resend uploads again.
    xhr.requests[0]!.onerror?.();
    await waitFor(() => expect(bubbles()[0]!.dataset.status).toBe('failed'));
    await user.click(within(bubbles()[0]!).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(2));

    xhr.requests[1]!.progress(512, 1024);
    expect(await screen.findByText('Uploading 50%')).toBeTruthy();
    expect((bubbles()[0]!.querySelector('progress') as HTMLProgressElement).value).toBe(50);
    xhr.requests[1]!.respond(200, { path: '/api/chat/files/abc.png?sig=1' });
    await waitFor(() => expect(bubbles()[0]!.dataset.status).toBe('sending'));
    expect((sent(calls)[0]!.body as { message: unknown }).message).toEqual({
      message_type: 'media',
      payload: { message: '', url: false, fileType: 'image', filePath: '/api/chat/files/abc.png?sig=1' },
    });
    reply.release({ body: { id: 'server-3', createdAt: new Date().toISOString(), session_id: 's1' } });
    await waitFor(() => expect(bubbles()[0]!.dataset.status).toBe('succeed'));
    expect(bubbles()[0]!.querySelector('img')?.getAttribute('src')).toBe('/api/chat/files/abc.png?sig=1');
  });

  it('refuses a file of another type, without an extension, or over the size limit before uploading', async () => {
    const xhr = stubXhr();
    const { user } = renderPanel([]);
    const file = (await screen.findByTestId('chat-file')) as HTMLInputElement;
    await waitFor(() => expect(file.disabled).toBe(false));
    await user.upload(file, new File(['x'], 'photo', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('File is not supported');
    const big = new File([new Uint8Array(10)], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(file, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file is too large. Please select a file no larger than 10 MB.',
    );
    expect(xhr.requests).toEqual([]);
  });
});

describe('ChatPanel for a member', () => {
  it("continues the guest's conversation: the guest id goes with the first call once, then is spent", async () => {
    setToken('member-token', true);
    const { user, calls } = renderPanel([message({ sender: 'customer', guestId: GUEST })], {
      'GET /api/account/profile': { body: { _id: 'u42', name: 'Malee', username: '0812345678', coin: 0 } },
      'POST /api/chat/send-message': {
        body: { id: 'server-9', createdAt: new Date().toISOString(), session_id: 's1' },
      },
    });
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/chat/history')?.body).toEqual({
      userId: 'u42',
      guestId: GUEST,
      limit: 10,
      skip: 0,
    });
    expect(calls.find((call) => call.path === '/api/chat/history')?.headers.Authorization).toBe('Bearer member-token');
    expect(localStorage.getItem(STORAGE_KEYS.guestId)).toBeNull();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(input, 'as a member{Enter}');
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]!.body).toMatchObject({ userId: 'u42', guestId: null });
  });
});

describe('ChatPanel read marks', () => {
  it('marks the conversation read once, 1 s after the last reason to', async () => {
    let servedAt = 0;
    const reads: number[] = [];
    renderPanel(
      () => {
        servedAt = Date.now();
        return [message()];
      },
      {
        'PUT /api/chat/read-customer/': (body: unknown) => {
          reads.push(Date.now());
          expect(body).toEqual({ userId: null, guestId: GUEST });
          return { body: {} };
        },
      },
    );
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    // Scrolling up and back to the bottom within the second asks again: the wait starts over, one call.
    const log = screen.getByTestId('chat-log');
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 100 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    log.scrollTop = 300;
    fireEvent.scroll(log);
    log.scrollTop = 900;
    const lastTrigger = Date.now();
    fireEvent.scroll(log);
    expect(reads).toEqual([]);
    await waitFor(() => expect(reads).toHaveLength(1), { timeout: 3000 });
    expect(reads[0]! - servedAt).toBeGreaterThanOrEqual(1000);
    expect(reads[0]! - lastTrigger).toBeGreaterThanOrEqual(990);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(reads).toHaveLength(1);
  });
});
