import { act, screen, waitFor } from '@testing-library/react';
import type { Conversation } from '@wallet/contract/chat';
import { STORAGE_KEYS } from '@wallet/contract/constants';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '@/lib/config';
import { renderScreen } from '@/test/render';
import ChatPanel from './chat-panel';

/** Stands in for the Socket.IO client: records what the panel sends, lets the test play the server. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const fake = {
    connected: false,
    options: undefined as unknown,
    url: undefined as unknown,
    emitted: [] as unknown[][],
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return fake;
    },
    emit(...args: unknown[]) {
      fake.emitted.push(args);
      const ack = args[args.length - 1];
      if (args[0] === 'join' && typeof ack === 'function') ack({ ok: true });
      return fake;
    },
    off() {
      handlers.clear();
      return fake;
    },
    connect() {
      return fake;
    },
    disconnect() {
      fake.connected = false;
      return fake;
    },
    /** The server's side: an event reaching this socket. */
    serve(event: string, ...args: unknown[]) {
      if (event === 'connect') fake.connected = true;
      if (event === 'disconnect') fake.connected = false;
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
    reset() {
      handlers.clear();
      fake.emitted = [];
      fake.connected = false;
      fake.options = undefined;
      fake.url = undefined;
    },
  };
  return fake;
});

vi.mock('socket.io-client', () => ({
  io: (url: unknown, options: unknown) => {
    socket.url = url;
    socket.options = options;
    return socket;
  },
}));

const GUEST = 'guest-live-0001';
let serial = 0;
function message(overrides: Partial<Conversation> = {}): Conversation {
  serial += 1;
  return {
    id: `live${serial}`,
    clientMessageId: null,
    marker: null,
    sender: 'other',
    message: { message_type: 'text', payload: `live message ${serial}` },
    createdAt: new Date().toISOString(),
    session_id: 's1',
    userId: null,
    guestId: GUEST,
    username: null,
    name: null,
    deviceToken: null,
    ...overrides,
  };
}

const bubbles = () => screen.queryAllByTestId('chat-message');

beforeEach(() => {
  socket.reset();
  config.chatBackendUrl = '/';
  localStorage.setItem(STORAGE_KEYS.guestId, GUEST);
});

afterEach(() => {
  config.chatBackendUrl = '';
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderLive(history: () => Conversation[], open = true) {
  const onUnread = vi.fn();
  const calls = mockApi({
    'GET /api/chat/config': { body: { PREFIX: 'chat-' } },
    'POST /api/chat/history': () => ({ body: { conversations: history() } }),
    'PUT /api/chat/read-customer/': { body: {} },
  });
  const view = renderScreen(<ChatPanel open={open} onClose={() => undefined} onUnread={onUnread} />);
  return { ...view, calls, onUnread };
}

async function connected() {
  await waitFor(() => expect(socket.options).toBeTruthy());
  act(() => socket.serve('connect'));
}

describe('ChatPanel live', () => {
  it("connects as the guest, joins the guest's room and shows messages as they arrive", async () => {
    renderLive(() => [message()]);
    await connected();
    expect(socket.url).toBe(window.location.origin);
    expect(socket.options).toMatchObject({ path: '/socket.io', auth: { guestId: GUEST } });
    expect(socket.emitted[0]?.slice(0, 2)).toEqual(['join', `chat-${GUEST}`]);
    await waitFor(() => expect(bubbles()).toHaveLength(1));

    act(() => socket.serve('typing', { sender: 'other', typing: true }));
    expect(screen.getByTestId('chat-typing').textContent).toBe('Support is typing…');
    act(() => socket.serve('messaging', message({ message: { message_type: 'text', payload: 'hello live' } })));
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    expect(bubbles()[1]!.textContent).toContain('hello live');
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    // The same message again (another tab's echo, a catch-up) is not shown twice.
    const again = message();
    act(() => socket.serve('messaging', again));
    act(() => socket.serve('messaging', again));
    await waitFor(() => expect(bubbles()).toHaveLength(3));
  });

  it('collapsed, counts the agent messages for the badge; after a reconnect it fetches what was missed', async () => {
    const missed = message({ message: { message_type: 'text', payload: 'sent while away' } });
    let history = [message()];
    const { calls, onUnread } = renderLive(() => history, false);
    await connected();
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/chat/history')).toHaveLength(1));
    act(() => socket.serve('messaging', message()));
    await waitFor(() => expect(onUnread).toHaveBeenLastCalledWith(1));

    act(() => socket.serve('disconnect', 'transport close'));
    history = [...history, missed];
    act(() => socket.serve('connect'));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/chat/history')).toHaveLength(2));
    expect(calls.filter((call) => call.path === '/api/chat/history')[1]!.body).toMatchObject({ skip: 0 });
    await waitFor(() => expect(onUnread).toHaveBeenLastCalledWith(2));
    expect(screen.getByText('sent while away')).toBeTruthy();
    // The room is joined again on the new connection.
    expect(socket.emitted.filter((args) => args[0] === 'join')).toHaveLength(2);
  });

  it('tells the agents when the player types, once, and that they stopped when the message goes', async () => {
    const { user } = renderLive(() => []);
    await connected();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect((input as HTMLTextAreaElement).disabled).toBe(false));
    mockApi({
      'GET /api/chat/config': { body: { PREFIX: 'chat-' } },
      'POST /api/chat/send-message': { body: { id: 'x1', createdAt: new Date().toISOString(), session_id: 's1' } },
    });
    await user.type(input, 'abc');
    expect(socket.emitted.filter((args) => args[0] === 'typing')).toEqual([['typing', { typing: true }]]);
    await user.type(input, '{Enter}');
    expect(socket.emitted.filter((args) => args[0] === 'typing')).toEqual([
      ['typing', { typing: true }],
      ['typing', { typing: false }],
    ]);
  });
});
