import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CannedReply, ChatInboxRow, ChatNote, ChatStaffMessage } from '@wallet/contract/backoffice/chat';
import { CHAT_STAFF_EVENTS } from '@wallet/contract/chat-events';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderApp, signedIn } from '@/test/render';
import { forgetRows } from '../api/live';

/** A stand-in for the back-office socket: the test plays the server's pushes and reads what was sent. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const emitted: Array<[string, unknown]> = [];
  return {
    handlers,
    emitted,
    push(event: string, payload: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
    reset() {
      handlers.clear();
      emitted.length = 0;
    },
    fake: {
      on(event: string, handler: (payload: unknown) => void) {
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event)?.add(handler);
      },
      off(event: string, handler: (payload: unknown) => void) {
        handlers.get(event)?.delete(handler);
      },
      emit(event: string, payload: unknown) {
        emitted.push([event, payload]);
      },
      disconnect() {},
      io: { on() {}, off() {} },
    },
  };
});
vi.mock('socket.io-client', () => ({ io: vi.fn(() => socket.fake) }));

const NOW = Date.now();
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

function row(overrides: Partial<ChatInboxRow> & Pick<ChatInboxRow, 'id'>): ChatInboxRow {
  return {
    status: 'open',
    userId: 'u-1',
    playerName: 'Somchai',
    username: '0812345678',
    assignedTo: null,
    unread: 2,
    waitingSince: ago(7 * 60),
    lastMessageAt: ago(60),
    lastMessagePreview: 'Where is my deposit?',
    session_id: 's-1',
    ...overrides,
  };
}

function message(overrides: Partial<ChatStaffMessage> & Pick<ChatStaffMessage, 'id' | 'message'>): ChatStaffMessage {
  return {
    clientMessageId: null,
    marker: null,
    sender: 'customer',
    createdAt: ago(120),
    session_id: 's-1',
    userId: 'u-1',
    username: '0812345678',
    name: 'Somchai',
    deviceToken: null,
    operator: null,
    ...overrides,
  };
}

const member = row({ id: 'c-1' });
const guest = row({
  id: '0mkev36o0000b3RERUD7',
  userId: null,
  playerName: null,
  username: null,
  unread: 0,
  waitingSince: null,
  lastMessagePreview: '',
  assignedTo: { id: 'op-9', username: 'nok' },
});
const note: ChatNote = {
  id: 'n-1',
  conversationId: 'c-1',
  text: 'Checked the bank feed: nothing yet',
  operator: { id: 'op-9', username: 'nok' },
  createdAt: ago(90),
};
const canned: CannedReply = {
  id: 'cr-1',
  title: 'Greeting',
  texts: { th: 'สวัสดีค่ะ', lo: 'ສະບາຍດີ', en: 'Hello, how can I help?' },
  updatedAt: ago(1000),
};

function api(overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET /api/backoffice/me': { body: me('support') },
    'GET /api/backoffice/money/counts': {
      body: { transfers: 0, manualDeposits: 0, slips: 0, withdrawals: 0, awaitingSecondApproval: 0 },
    },
    'GET /api/backoffice/chat/conversations': { body: { rows: [member, guest], total: 2, page: 1, limit: 50 } },
    'GET /api/backoffice/chat/conversations/c-1': { body: { conversation: member } },
    'GET /api/backoffice/chat/conversations/c-1/messages': {
      body: {
        messages: [
          message({
            id: 'm-1',
            message: {
              message_type: 'text',
              payload: '<img src=x onerror=alert(1)> see https://bank.example/slip?id=1.',
            },
          }),
          message({
            id: 'm-2',
            sender: 'other',
            createdAt: ago(80),
            operator: { id: 'op-9', username: 'nok' },
            message: {
              message_type: 'media',
              payload: { message: '', url: false, fileType: 'image', filePath: '/api/chat/files/a.png?sig=1' },
            },
          }),
        ],
      },
    },
    'GET /api/backoffice/chat/conversations/c-1/notes': { body: { notes: [note] } },
    'GET /api/backoffice/chat/conversations/c-1/sidebar': {
      body: {
        member: {
          userId: 'u-1',
          username: '0812345678',
          name: 'Somchai',
          status: 'active',
          wallet: 1250.5,
          lastDeposits: [{ id: 'd-1', amount: 500, status: 'SUCCESS', createdAt: ago(3600) }],
          lastWithdrawals: [
            { id: 'w-1', amount: 300, status: 'PAID', createdAt: ago(7200) },
            { id: 'w-2', amount: 200, status: 'PENDING', createdAt: ago(60) },
            { id: 'w-3', amount: 100, status: 'FAILED', createdAt: ago(30) },
          ],
          playerPath: '/players/u-1',
        },
      },
    },
    'POST /api/backoffice/chat/conversations/c-1/read': { body: { conversation: { ...member, unread: 0 } } },
    'GET /api/backoffice/chat/agents': {
      body: {
        agents: [
          { id: 'op-support', username: 'support.one' },
          { id: 'op-9', username: 'nok' },
        ],
      },
    },
    'GET /api/backoffice/chat/canned-replies': { body: { replies: [canned] } },
    ...overrides,
  });
}

beforeEach(() => {
  socket.reset();
  forgetRows();
  signedIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('the chat console', () => {
  it('lists conversations with unread counts, waiting time, name or guest tag and who answers', async () => {
    api();
    renderApp('/chat');
    const first = await screen.findByTestId('inbox-c-1', {}, { timeout: 5000 });
    expect(within(first).getByText('Somchai')).toBeTruthy();
    expect(within(first).getByTestId('inbox-unread').textContent).toContain('2');
    expect(within(first).getByText('waiting 7 min').className).toContain('is-long');
    const second = screen.getByTestId('inbox-0mkev36o0000b3RERUD7');
    // A guest is told apart by the end of the conversation's id: agents never see the guest's own id.
    expect(within(second).getByText('Guest RERUD7')).toBeTruthy();
    expect(within(second).getByText('nok')).toBeTruthy();
    expect(within(second).getByText('Picture or video')).toBeTruthy();
    expect(screen.getByText('Choose a conversation from the list.')).toBeTruthy();
  });

  it('shows a conversation as text only, links made safe, notes apart, the member beside it, and marks it read', async () => {
    const calls = api();
    renderApp('/chat/c-1');
    const log = await screen.findByTestId('chat-messages', {}, { timeout: 5000 });
    const [fromPlayer] = await within(log).findAllByTestId('chat-msg-customer');
    // The player's markup is shown as the characters they typed, never as an element.
    expect(fromPlayer?.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(log.querySelector('img[src="x"]')).toBeNull();
    const link = within(log).getByRole('link', { name: 'https://bank.example/slip?id=1' });
    expect(link.getAttribute('href')).toBe('https://bank.example/slip?id=1');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('target')).toBe('_blank');
    expect((within(log).getByTestId('chat-image') as HTMLImageElement).getAttribute('src')).toBe(
      '/api/chat/files/a.png?sig=1',
    );
    const shownNote = within(log).getByTestId('chat-note');
    expect(shownNote.className).toContain('is-note');
    expect(within(shownNote).getByText('Private note: agents only')).toBeTruthy();
    expect(within(shownNote).getByText('Checked the bank feed: nothing yet')).toBeTruthy();
    // Notes sit in time order between the messages.
    const order = [...log.querySelectorAll('[data-testid^="chat-msg"], [data-testid="chat-note"]')].map((el) =>
      el.getAttribute('data-testid'),
    );
    expect(order).toEqual(['chat-msg-customer', 'chat-note', 'chat-msg-agent']);

    expect((await screen.findByTestId('chat-wallet')).textContent).toContain('1,250.50');
    expect(screen.getByTestId('chat-player-link').getAttribute('href')).toBe('/players/u-1');
    // A withdrawal's PAID is as final as a deposit's SUCCESS.
    const withdrawals = screen.getByRole('heading', { name: 'Last withdrawals' }).closest('section') as HTMLElement;
    expect([...withdrawals.querySelectorAll('li')].map((li) => li.lastElementChild?.textContent)).toEqual([
      'Done',
      'In progress',
      'Failed',
    ]);
    await waitFor(
      () => expect(calls.some((c) => c.path === '/api/backoffice/chat/conversations/c-1/read')).toBe(true),
      {
        timeout: 3000,
      },
    );
  });

  it('replies with a client message id, keeps it for a retry after a failure, and writes a private note apart', async () => {
    let replies = 0;
    const calls = api({
      'POST /api/backoffice/chat/conversations/c-1/reply': (body) => {
        replies += 1;
        if (replies === 1) return { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } };
        const { clientMessageId, message: sent } = body as {
          clientMessageId: string;
          message: ChatStaffMessage['message'];
        };
        return {
          body: {
            message: message({
              id: 'm-9',
              clientMessageId,
              sender: 'other',
              createdAt: ago(0),
              message: sent,
              operator: { id: 'op-support', username: 'support.one' },
            }),
          },
        };
      },
      'POST /api/backoffice/chat/conversations/c-1/notes': (body) => ({
        body: { note: { ...note, id: 'n-2', text: (body as { text: string }).text, createdAt: ago(0) } },
      }),
    });
    const { user } = renderApp('/chat/c-1');
    const input = await screen.findByTestId('chat-input', {}, { timeout: 5000 });
    await user.type(input, '  Checking now  {Enter}');
    await waitFor(() => expect(replies).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const log = screen.getByTestId('chat-messages');
    await waitFor(() => expect(within(log).getByText('Checking now')).toBeTruthy());
    const sent = calls.filter((c) => c.path === '/api/backoffice/chat/conversations/c-1/reply').map((c) => c.body);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual(sent[1]);
    expect(sent[0]).toMatchObject({ message: { message_type: 'text', payload: 'Checking now' } });
    expect((sent[0] as { clientMessageId: string }).clientMessageId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect((input as HTMLTextAreaElement).value).toBe('');

    await user.click(screen.getByTestId('mode-note'));
    await user.type(screen.getByTestId('chat-input'), 'VIP, be kind');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/notes'))?.body).toEqual({
        text: 'VIP, be kind',
      }),
    );
    expect(within(log).getAllByTestId('chat-note')).toHaveLength(2);
    // A note is never a reply.
    expect(calls.filter((c) => c.path.endsWith('/reply'))).toHaveLength(2);
  });

  it('puts a canned reply in the player’s language into the reply box', async () => {
    api();
    const { user } = renderApp('/chat/c-1');
    await user.click(await screen.findByRole('button', { name: 'Canned replies' }, { timeout: 5000 }));
    await user.click(await screen.findByTestId('canned-lang-lo'));
    await user.click(screen.getByTestId('canned-cr-1'));
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('ສະບາຍດີ');
  });

  it('claims, hands over, and ends the session only after a confirmation', async () => {
    // The server's row as it stands: every answer (read, claim, assign, end, a fresh read) tells the latest.
    let current = member;
    const change = (next: Partial<ChatInboxRow>) => {
      current = { ...current, ...next };
      return { body: { conversation: current } };
    };
    const calls = api({
      'GET /api/backoffice/chat/conversations/c-1': () => ({ body: { conversation: current } }),
      'POST /api/backoffice/chat/conversations/c-1/read': () => change({ unread: 0 }),
      'POST /api/backoffice/chat/conversations/c-1/claim': () =>
        change({ assignedTo: { id: 'op-support', username: 'support.one' } }),
      'POST /api/backoffice/chat/conversations/c-1/assign': () =>
        change({ assignedTo: { id: 'op-9', username: 'nok' } }),
      'POST /api/backoffice/chat/conversations/c-1/end': () => change({ status: 'ended' }),
    });
    const { user } = renderApp('/chat/c-1');
    await user.click(await screen.findByRole('button', { name: 'Take this conversation' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByTestId('chat-assigned').textContent).toBe('You answer this one'));
    await user.selectOptions(screen.getByLabelText('Hand to…'), 'op-9');
    await user.click(screen.getByRole('button', { name: 'Hand over' }));
    await waitFor(() => expect(screen.getByTestId('chat-assigned').textContent).toBe('Answered by nok'));
    expect(calls.find((c) => c.path.endsWith('/assign'))?.body).toEqual({ operatorId: 'op-9' });

    await user.click(screen.getByRole('button', { name: 'End session' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this session?' });
    expect(calls.some((c) => c.path.endsWith('/end'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/end'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'End session' })).toBeNull());
  });

  it('is live: messages, notes and the player typing arrive over the socket; the agent’s typing goes out', async () => {
    api();
    const { user } = renderApp('/chat/c-1');
    const log = await screen.findByTestId('chat-messages', {}, { timeout: 5000 });
    await within(log).findAllByTestId('chat-msg-customer');
    await waitFor(() => expect(socket.handlers.get(CHAT_STAFF_EVENTS.message)?.size).toBeGreaterThan(0));
    act(() =>
      socket.push(CHAT_STAFF_EVENTS.typing, {
        conversationId: 'c-1',
        sender: 'customer',
        operator: null,
        typing: true,
      }),
    );
    expect((await screen.findByTestId('chat-typing')).textContent).toBe('The player is typing…');
    act(() =>
      socket.push(CHAT_STAFF_EVENTS.message, {
        conversationId: 'c-1',
        message: message({
          id: 'm-live',
          createdAt: ago(0),
          message: { message_type: 'text', payload: 'Still nothing' },
        }),
      }),
    );
    expect(await within(log).findByText('Still nothing')).toBeTruthy();
    expect(screen.getByTestId('chat-typing').textContent).toBe('');
    act(() => socket.push(CHAT_STAFF_EVENTS.note, { ...note, id: 'n-live', text: 'Escalated', createdAt: ago(0) }));
    expect(await within(log).findByText('Escalated')).toBeTruthy();

    await user.type(screen.getByTestId('chat-input'), 'On it');
    expect(socket.emitted).toContainEqual([CHAT_STAFF_EVENTS.typing, { conversationId: 'c-1', typing: true }]);
    // A note is not typing the player should see.
    socket.emitted.length = 0;
    await user.click(screen.getByTestId('mode-note'));
    expect(socket.emitted).toEqual([[CHAT_STAFF_EVENTS.typing, { conversationId: 'c-1', typing: false }]]);
    await user.type(screen.getByTestId('chat-input'), 'x');
    expect(socket.emitted.filter(([, p]) => (p as { typing: boolean }).typing)).toEqual([]);
  });

  it('a new conversation plays the tone and, once allowed from a click, shows a browser notification', async () => {
    const shown: Array<{ title: string; body?: string }> = [];
    const requestPermission = vi.fn(async () => {
      FakeNotification.permission = 'granted';
      return 'granted' as const;
    });
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = requestPermission;
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    api();
    const { user } = renderApp('/chat');
    await screen.findByTestId('inbox-c-1', {}, { timeout: 5000 });
    await waitFor(() => expect(socket.handlers.get(CHAT_STAFF_EVENTS.conversation)?.size).toBeGreaterThan(0));
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(await screen.findByTestId('chat-alerts-on')).toBeTruthy();

    // A row the agent already saw is no news; a conversation nobody has taken is.
    act(() => socket.push(CHAT_STAFF_EVENTS.conversation, member));
    expect(shown).toEqual([]);
    act(() =>
      socket.push(
        CHAT_STAFF_EVENTS.conversation,
        row({ id: 'c-3', playerName: 'Malee', lastMessagePreview: 'Hello?', session_id: 's-3' }),
      ),
    );
    expect(shown).toEqual([{ title: 'New chat conversation', body: 'Malee: Hello?' }]);
    // The same session again (a read, a new message) does not alert twice.
    act(() =>
      socket.push(
        CHAT_STAFF_EVENTS.conversation,
        row({ id: 'c-3', playerName: 'Malee', session_id: 's-3', unread: 3 }),
      ),
    );
    expect(shown).toHaveLength(1);
  });

  it('sends a picture with upload progress, then as a media reply', async () => {
    const xhrs: FakeXhr[] = [];
    class FakeXhr {
      url = '';
      status = 0;
      responseText = '';
      timeout = 0;
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
        onprogress: null,
      };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      body: FormData | null = null;
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      send(body: FormData) {
        this.body = body;
        xhrs.push(this);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const calls = api({
      'POST /api/backoffice/chat/conversations/c-1/reply': (body) => ({
        body: {
          message: message({
            id: 'm-img',
            sender: 'other',
            createdAt: ago(0),
            message: (body as { message: ChatStaffMessage['message'] }).message,
            operator: { id: 'op-support', username: 'support.one' },
          }),
        },
      }),
    });
    renderApp('/chat/c-1');
    const input = (await screen.findByTestId('chat-image-input', {}, { timeout: 5000 })) as HTMLInputElement;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'slip.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    await waitFor(() => expect(xhrs).toHaveLength(1));
    const xhr = xhrs[0] as FakeXhr;
    expect(xhr.url).toBe('/api/backoffice/chat/conversations/c-1/upload-image');
    expect((xhr.body?.get('file') as File | undefined)?.name).toBe('slip.png');
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    const progress = (await screen.findByRole('progressbar', { name: 'Upload progress' })) as HTMLProgressElement;
    expect(progress.value).toBe(0.4);
    expect(screen.getByTestId('chat-upload').textContent).toContain('Sending slip.png');
    xhr.status = 200;
    xhr.responseText = JSON.stringify({ path: '/api/chat/files/up.png?sig=2' });
    act(() => xhr.onload?.());
    await waitFor(() => expect(screen.queryByTestId('chat-upload')).toBeNull());
    expect(calls.find((c) => c.path.endsWith('/reply'))?.body).toMatchObject({
      message: {
        message_type: 'media',
        payload: { message: '', url: false, fileType: 'image', filePath: '/api/chat/files/up.png?sig=2' },
      },
    });
    const images = within(screen.getByTestId('chat-messages')).getAllByTestId('chat-image');
    expect(images.at(-1)?.getAttribute('src')).toBe('/api/chat/files/up.png?sig=2');
  });

  it('refuses a file of another type or too large before uploading it', async () => {
    const calls = api();
    renderApp('/chat/c-1');
    const input = (await screen.findByTestId('chat-image-input', {}, { timeout: 5000 })) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['<html>'], 'page.html', { type: 'text/html' })] } });
    expect(await screen.findByText('File is not supported')).toBeTruthy();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(/no larger than 10 MB/)).toBeTruthy();
    expect(calls.some((c) => c.path.includes('upload'))).toBe(false);
  });
});

describe('canned replies manager', () => {
  it('adds a reply written in Thai, Lao and English, and asks before deleting one', async () => {
    const calls = api({
      'POST /api/backoffice/chat/canned-replies': (body) => ({
        body: { reply: { ...canned, id: 'cr-2', ...(body as object) } },
      }),
      'DELETE /api/backoffice/chat/canned-replies/cr-1': { body: { message: 'OK' } },
    });
    const { user } = renderApp('/chat/canned-replies');
    expect(await screen.findByTestId('canned-reply-cr-1', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a canned reply' }));
    const form = await screen.findByRole('form', { name: 'New canned reply' });
    await user.type(within(form).getByLabelText('Title (agents only)'), 'Deposit delay');
    await user.type(within(form).getByLabelText('Thai'), 'รอสักครู่');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give a title and the text in all three languages.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Lao'), 'ກະລຸນາລໍຖ້າ');
    await user.type(within(form).getByLabelText('English'), 'Please wait a moment');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        title: 'Deposit delay',
        texts: { th: 'รอสักครู่', lo: 'ກະລຸນາລໍຖ້າ', en: 'Please wait a moment' },
      }),
    );
    await user.click(within(screen.getByTestId('canned-reply-cr-1')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this canned reply?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
