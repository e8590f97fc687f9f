import type { ChatInboxResponse, ChatStaffMessageEvent, ChatStaffTypingEvent } from '@wallet/contract/backoffice/chat';
import {
  CHAT_SOCKET_EVENTS,
  CHAT_STAFF_EVENTS,
  type ChatJoinAck,
  type ChatReadEvent,
  type ChatSessionEndedEvent,
  type ChatTypingEvent,
  type Conversation,
} from '@wallet/contract/chat';
import { SOCKET_PATH } from '@wallet/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { operatorCaller, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  guestConversationId,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { nextEvent } from '../../../test/socket-helpers.ts';

let counter = 0;
const guestId = () => `sock-${Date.now().toString(36)}-${++counter}-guest`;
const clientId = () => `s-${Date.now().toString(36)}-${++counter}-msg`;

const sockets: Socket[] = [];

function connect(url: string, auth: object): Socket {
  const socket = io(url, { path: SOCKET_PATH, auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function join(socket: Socket, room: string): Promise<ChatJoinAck> {
  return new Promise((resolve) => socket.emit(CHAT_SOCKET_EVENTS.join, room, resolve));
}

/** Every event of `socket` for `ms`: what a room-isolation test must find empty. */
function collect(socket: Socket, ms = 400): Promise<Array<[string, unknown]>> {
  const seen: Array<[string, unknown]> = [];
  const listener = (event: string, payload: unknown) => seen.push([event, payload]);
  socket.onAny(listener);
  return new Promise((resolve) =>
    setTimeout(() => {
      socket.offAny(listener);
      resolve(seen);
    }, ms),
  );
}

describe.each(testDialects())('chat sockets (%s)', (dialect) => {
  let ctx: TestContext;
  let url: string;
  let support: { id: string; token: string; username: string };
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
    const owner = await ownerLogin(ctx.app);
    support = await staffMember(ctx.app, owner, 'support');
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => ctx.close());

  const send = async (who: { guestId?: string; token?: string; userId?: string }, payload: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/send-message',
      headers: who.token ? bearer(who.token) : {},
      payload: {
        clientMessageId: clientId(),
        message: { message_type: 'text', payload },
        ...(who.guestId ? { guestId: who.guestId } : {}),
        ...(who.userId ? { userId: who.userId } : {}),
      },
    });
    expect(res.statusCode).toBe(200);
    return res;
  };
  async function conversationIdOf(match: { guestId?: string; userId?: string }): Promise<string> {
    const res = await operatorCaller(ctx.app, support.token)(
      'GET',
      '/api/backoffice/chat/conversations?filter=all&limit=100',
    );
    // Agents never see a guest's id: the test asks the database which conversation is the guest's.
    const guestConversation = match.guestId ? await guestConversationId(ctx.db.kysely, match.guestId) : undefined;
    const row = res
      .json<ChatInboxResponse>()
      .rows.find((r) => (match.guestId ? r.id === guestConversation : r.userId === match.userId));
    if (!row) throw new Error('no conversation');
    return row.id;
  }
  async function member() {
    const { token, phone } = await registerPlayer(ctx.app);
    const user = await ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', phone)
      .executeTakeFirstOrThrow();
    return { token, userId: user.id };
  }
  async function agentSocket() {
    const socket = connect(url, { token: support.token, audience: 'operator' });
    await connected(socket);
    return socket;
  }

  it('a guest connects with its guest id, joins its own room and receives its messages', async () => {
    const guest = guestId();
    const socket = connect(url, { guestId: guest });
    await connected(socket);
    expect(await join(socket, `chat-${guest}`)).toEqual({ ok: true });
    const pushed = nextEvent<Conversation>(socket, CHAT_SOCKET_EVENTS.messaging);
    await send({ guestId: guest }, 'hello from the guest');
    expect(await pushed).toMatchObject({
      sender: 'customer',
      guestId: guest,
      message: { payload: 'hello from the guest' },
    });
  });

  it('refuses a guest or a member joining another room, and they receive nothing of it', async () => {
    const victim = guestId();
    const intruder = connect(url, { guestId: guestId() });
    await connected(intruder);
    expect(await join(intruder, `chat-${victim}`)).toEqual({ ok: false, message: 'CHAT_ROOM_REFUSED' });
    const m = await member();
    const other = await member();
    const memberSocket = connect(url, { token: m.token });
    await connected(memberSocket);
    expect(await join(memberSocket, `chat-${victim}`)).toEqual({ ok: false, message: 'CHAT_ROOM_REFUSED' });
    expect(await join(memberSocket, `chat-${other.userId}`)).toEqual({ ok: false, message: 'CHAT_ROOM_REFUSED' });
    expect(await join(memberSocket, `chat-${m.userId}`)).toEqual({ ok: true });
    const intruderSaw = collect(intruder);
    const memberSaw = collect(memberSocket);
    await send({ guestId: victim }, 'private to the victim');
    await send({ token: other.token, userId: other.userId }, 'private to the other member');
    expect(await intruderSaw).toEqual([]);
    expect(await memberSaw).toEqual([]);
  });

  it('refuses a socket with a malformed guest id at the handshake', async () => {
    const socket = connect(url, { guestId: 'x' });
    await expect(connected(socket)).rejects.toThrow('invalid-token');
  });

  it('agents get every conversation; typing goes both ways; notes stay with the agents', async () => {
    const guest = guestId();
    const player = connect(url, { guestId: guest });
    await connected(player);
    await join(player, `chat-${guest}`);
    const agent = await agentSocket();
    const staffMessage = nextEvent<ChatStaffMessageEvent>(agent, CHAT_STAFF_EVENTS.message);
    await send({ guestId: guest }, 'is anyone there?');
    const event = await staffMessage;
    expect(event.message).toMatchObject({ sender: 'customer', message: { payload: 'is anyone there?' } });
    const conversationId = await conversationIdOf({ guestId: guest });
    expect(event.conversationId).toBe(conversationId);

    const playerTyping = nextEvent<ChatStaffTypingEvent>(agent, CHAT_STAFF_EVENTS.typing);
    player.emit(CHAT_SOCKET_EVENTS.typing, { typing: true });
    expect(await playerTyping).toEqual({ conversationId, sender: 'customer', operator: null, typing: true });
    const agentTyping = nextEvent<ChatTypingEvent>(player, CHAT_SOCKET_EVENTS.typing);
    agent.emit(CHAT_STAFF_EVENTS.typing, { conversationId, typing: true });
    expect(await agentTyping).toEqual({ sender: 'other', typing: true });

    const playerSaw = collect(player, 600);
    const note = nextEvent(agent, CHAT_STAFF_EVENTS.note);
    await operatorCaller(ctx.app, support.token)('POST', `/api/backoffice/chat/conversations/${conversationId}/notes`, {
      text: 'secret note',
    });
    expect(await note).toMatchObject({ text: 'secret note', conversationId });
    expect(await playerSaw).toEqual([]);

    const read = nextEvent<ChatReadEvent>(player, CHAT_SOCKET_EVENTS.read);
    await operatorCaller(ctx.app, support.token)('POST', `/api/backoffice/chat/conversations/${conversationId}/read`);
    expect((await read).reader).toBe('other');
  });

  it("an agent's reply and the end of the session reach the player's room live, on every tab", async () => {
    const m = await member();
    const tabs: Socket[] = [];
    for (let i = 0; i < 2; i++) {
      const tab = connect(url, { token: m.token });
      await connected(tab);
      expect(await join(tab, `chat-${m.userId}`)).toEqual({ ok: true });
      tabs.push(tab);
    }
    await send({ token: m.token, userId: m.userId }, 'need help');
    const conversationId = await conversationIdOf({ userId: m.userId });
    const replies = tabs.map((tab) =>
      nextEvent<Conversation>(tab, CHAT_SOCKET_EVENTS.messaging, (c) => c.sender === 'other'),
    );
    await operatorCaller(ctx.app, support.token)('POST', `/api/backoffice/chat/conversations/${conversationId}/reply`, {
      clientMessageId: clientId(),
      message: { message_type: 'text', payload: 'here to help' },
    });
    for (const reply of await Promise.all(replies)) {
      expect(reply).toMatchObject({ sender: 'other', message: { payload: 'here to help' } });
    }
    const [tab] = tabs as [Socket, Socket];
    const marker = nextEvent<Conversation>(tab, CHAT_SOCKET_EVENTS.messaging, (c) => c.marker !== null);
    const ended = nextEvent<ChatSessionEndedEvent>(tab, CHAT_SOCKET_EVENTS.sessionEnded);
    await operatorCaller(ctx.app, support.token)('POST', `/api/backoffice/chat/conversations/${conversationId}/end`);
    expect(await marker).toMatchObject({ marker: 'session_ended', sender: 'other' });
    expect((await ended).session_id).toBe((await marker).session_id);
  });

  it('a player socket never joins the agents room', async () => {
    const m = await member();
    const socket = connect(url, { token: m.token });
    await connected(socket);
    const saw = collect(socket);
    await send({ guestId: guestId() }, 'someone else');
    expect(await saw).toEqual([]);
  });
});
