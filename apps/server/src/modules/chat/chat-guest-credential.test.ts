import type { ChatInboxResponse, ChatStaffMessagesResponse } from '@wallet/contract/backoffice/chat';
import {
  CHAT_SOCKET_EVENTS,
  CHAT_STAFF_EVENTS,
  type ChatHistoryResponse,
  type ChatJoinAck,
  type Conversation,
} from '@wallet/contract/chat';
import { OPERATOR_SOCKET_AUDIENCE, SOCKET_PATH } from '@wallet/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { operatorCaller, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import { bearer, createTestContext, registerPlayer, type TestContext, testDialects } from '../../../test/helpers.ts';
import { recordEvents } from '../../../test/socket-helpers.ts';

/**
 * A guest's id is the guest's only credential in the chat (it opens their history and lets its holder
 * write as them), so it stays between the guest's device and the server: agents, the auditor included,
 * know the conversation by its own id, which opens nothing on the guest's side.
 */

let counter = 0;
const guestId = () => `guestcred${Date.now().toString(36)}${++counter}x`;
const clientId = () => `gc-${Date.now().toString(36)}-${++counter}-m`;
/** A 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5b0000000049454e44ae426082',
  'hex',
);

const sockets: Socket[] = [];
function connect(url: string, auth: object): Promise<Socket> {
  const socket = io(url, { path: SOCKET_PATH, auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
function join(socket: Socket, room: string): Promise<ChatJoinAck> {
  return new Promise((resolve) => socket.emit(CHAT_SOCKET_EVENTS.join, room, resolve));
}
const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

describe.each(testDialects())("a guest's chat credential stays with the guest (%s)", (dialect) => {
  let ctx: TestContext;
  let url: string;
  let ownerToken: string;
  let support: { id: string; token: string };
  let auditor: { id: string; token: string };

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { ENABLE_CHAT_WIDGET: 'true' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
    ownerToken = await ownerLogin(ctx.app);
    support = await staffMember(ctx.app, ownerToken, 'support');
    auditor = await staffMember(ctx.app, ownerToken, 'auditor');
  });
  afterAll(() => ctx.close());

  const say = async (guest: string, text: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/send-message',
      payload: { clientMessageId: clientId(), guestId: guest, message: { message_type: 'text', payload: text } },
    });
    expect(res.statusCode).toBe(200);
  };
  const historyOf = async (guest: string) =>
    (
      await ctx.app.inject({ method: 'POST', url: '/api/chat/history', payload: { guestId: guest, limit: 100 } })
    ).json<ChatHistoryResponse>().conversations;
  /** The conversation an agent sees for the message `text` (found as an agent finds it: in the inbox). */
  async function conversationIdOf(text: string): Promise<string> {
    const inbox = (
      await operatorCaller(ctx.app, support.token)('GET', '/api/backoffice/chat/conversations?filter=all&limit=100')
    ).json<ChatInboxResponse>();
    const row = inbox.rows.find((r) => r.lastMessagePreview === text);
    if (!row) throw new Error(`no conversation ends with ${text}`);
    return row.id;
  }

  it('no back-office chat answer, agent socket event or audit row carries the guest id', async () => {
    const guest = guestId();
    const agentSocket = await connect(url, { token: support.token, audience: OPERATOR_SOCKET_AUDIENCE });
    const auditorSocket = await connect(url, { token: auditor.token, audience: OPERATOR_SOCKET_AUDIENCE });
    const guestSocket = await connect(url, { guestId: guest });
    expect(await join(guestSocket, `chat-${guest}`)).toEqual({ ok: true });
    const heard = [...[agentSocket, auditorSocket].map(recordEvents)];
    const answers: string[] = [];
    const agent = async (method: 'GET' | 'POST', path: string, payload?: object) => {
      const res = await operatorCaller(ctx.app, support.token)(method, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(200);
      answers.push(res.body);
      return res;
    };

    // The guest writes, uploads a picture, sends it and types.
    const first = `first words ${guest.slice(-4)}`;
    await say(guest, first);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/upload-image?guestId=${guest}`,
      payload: (() => {
        const data = new FormData();
        data.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
        return data;
      })(),
    });
    expect(upload.statusCode).toBe(200);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/send-message',
      payload: {
        clientMessageId: clientId(),
        guestId: guest,
        message: {
          message_type: 'media',
          payload: { message: first, url: false, fileType: 'image', filePath: upload.json<{ path: string }>().path },
        },
      },
    });
    expect(sent.statusCode).toBe(200);
    guestSocket.emit(CHAT_SOCKET_EVENTS.typing, { typing: true });
    const id = await conversationIdOf(first);

    // Every console call an agent makes about it, and what the auditor reads.
    for (const filter of ['open', 'mine', 'unassigned', 'ended', 'all']) {
      await agent('GET', `/api/backoffice/chat/conversations?filter=${filter}&limit=100`);
    }
    await agent('GET', `/api/backoffice/chat/conversations/${id}`);
    await agent('POST', `/api/backoffice/chat/conversations/${id}/claim`);
    await agent('POST', `/api/backoffice/chat/conversations/${id}/assign`, { operatorId: support.id });
    await agent('POST', `/api/backoffice/chat/conversations/${id}/read`);
    await agent('POST', `/api/backoffice/chat/conversations/${id}/reply`, {
      clientMessageId: clientId(),
      message: { message_type: 'text', payload: 'how can we help?' },
    });
    await agent('POST', `/api/backoffice/chat/conversations/${id}/notes`, { text: 'a guest' });
    await agent('GET', `/api/backoffice/chat/conversations/${id}/notes`);
    await agent('GET', `/api/backoffice/chat/conversations/${id}/sidebar`);
    await agent('GET', `/api/backoffice/chat/conversations/${id}/messages?limit=100`);
    await agent('POST', `/api/backoffice/chat/conversations/${id}/end`);
    for (const path of [
      `/api/backoffice/chat/conversations?filter=all&limit=100`,
      `/api/backoffice/chat/conversations/${id}/messages?limit=100`,
    ]) {
      const res = await operatorCaller(ctx.app, auditor.token)('GET', path);
      expect(res.statusCode).toBe(200);
      answers.push(res.body);
    }
    // The audit log, on screen and exported, as the owner and the auditor read it.
    for (const token of [ownerToken, auditor.token]) {
      for (const path of ['/api/backoffice/audit?limit=200', '/api/backoffice/audit.csv']) {
        const res = await ctx.app.inject({ method: 'GET', url: path, headers: bearer(token) });
        expect(res.statusCode).toBe(200);
        answers.push(res.body);
      }
    }
    // The guest signs up and continues the conversation as a member: agents hear of it.
    const signedUp = await registerPlayer(ctx.app);
    const asMember = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/history',
      headers: bearer(signedUp.token),
      payload: { guestId: guest, limit: 10 },
    });
    expect(asMember.statusCode).toBe(200);
    await settle();

    const events = heard.flat();
    expect(events.map(([event]) => event)).toEqual(
      expect.arrayContaining([
        CHAT_STAFF_EVENTS.message,
        CHAT_STAFF_EVENTS.conversation,
        CHAT_STAFF_EVENTS.typing,
        CHAT_STAFF_EVENTS.note,
      ]),
    );
    // The agents did reach this conversation: its messages are in what they read and heard.
    expect(answers.join('\n')).toContain(first);
    expect(JSON.stringify(events)).toContain(first);
    expect(answers.join('\n')).not.toContain(guest);
    expect(JSON.stringify(events)).not.toContain(guest);
  });

  it("the conversation's id opens nothing on the guest's side: no history, no writing, no room", async () => {
    const guest = guestId();
    const words = `only for the guest ${guest.slice(-4)}`;
    await say(guest, words);
    const id = await conversationIdOf(words);

    // Used as a guest id, it is a stranger's empty conversation.
    expect(await historyOf(id)).toEqual([]);
    const intruder = await connect(url, { guestId: id });
    expect(await join(intruder, `chat-${id}`)).toEqual({ ok: true });
    const intruderHeard = recordEvents(intruder);
    await say(id, 'written as the conversation id');
    const reply = await operatorCaller(ctx.app, support.token)(
      'POST',
      `/api/backoffice/chat/conversations/${id}/reply`,
      { clientMessageId: clientId(), message: { message_type: 'text', payload: 'for the real guest' } },
    );
    expect(reply.statusCode).toBe(200);
    await settle();

    // The guest's conversation holds neither what the intruder wrote, nor did the intruder hear the reply.
    const messages = (
      await operatorCaller(ctx.app, support.token)('GET', `/api/backoffice/chat/conversations/${id}/messages`)
    ).json<ChatStaffMessagesResponse>().messages;
    expect(JSON.stringify(messages)).not.toContain('written as the conversation id');
    expect(JSON.stringify(await historyOf(guest))).not.toContain('written as the conversation id');
    expect(JSON.stringify(intruderHeard)).not.toContain('for the real guest');
  });

  it('agents still read and answer the guest through the conversation id, live on the guest side', async () => {
    const guest = guestId();
    const guestSocket = await connect(url, { guestId: guest });
    expect(await join(guestSocket, `chat-${guest}`)).toEqual({ ok: true });
    const words = `please help ${guest.slice(-4)}`;
    await say(guest, words);
    const id = await conversationIdOf(words);
    const agent = operatorCaller(ctx.app, support.token);
    const read = (
      await agent('GET', `/api/backoffice/chat/conversations/${id}/messages`)
    ).json<ChatStaffMessagesResponse>();
    expect(read.messages.map((m) => m.message)).toEqual([{ message_type: 'text', payload: words }]);

    const pushed = new Promise<Conversation>((resolve) =>
      guestSocket.on(CHAT_SOCKET_EVENTS.messaging, (c: Conversation) => {
        if (c.sender === 'other') resolve(c);
      }),
    );
    const reply = await agent('POST', `/api/backoffice/chat/conversations/${id}/reply`, {
      clientMessageId: clientId(),
      message: { message_type: 'text', payload: 'we are on it' },
    });
    expect(reply.statusCode).toBe(200);
    // The guest's own device still gets its conversation as SPEC §3 has it, guestId included.
    expect(await pushed).toMatchObject({ sender: 'other', guestId: guest, message: { payload: 'we are on it' } });
    expect((await historyOf(guest)).map((c) => c.message)).toEqual([
      { message_type: 'text', payload: words },
      { message_type: 'text', payload: 'we are on it' },
    ]);
  });
});
