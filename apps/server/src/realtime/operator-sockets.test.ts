import type { ChatStaffMessageEvent } from '@wallet/contract/backoffice/chat';
import type { MoneyQueueCounts } from '@wallet/contract/backoffice/money-desk';
import { CHAT_STAFF_EVENTS } from '@wallet/contract/chat';
import { MONEY_QUEUES_EVENT, OPERATOR_SOCKET_AUDIENCE, SOCKET_PATH } from '@wallet/contract/realtime';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ownerLogin, staffMember } from '../../test/backoffice-helpers.ts';
import { bearer, createTestContext, type TestContext, testDialects } from '../../test/helpers.ts';
import { disconnection, nextEvent, recordEvents } from '../../test/socket-helpers.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { OPERATOR_AUTO_ACCOUNT } from '../modules/deposit/bank-feed.fixtures.ts';

/**
 * A back-office socket lives only as long as the operator session behind it, and hears only what the
 * operator's current role reads: logout, disable, a password reset and a role change act on the open
 * sockets at once, on every instance.
 */

const sockets: Socket[] = [];
let counter = 0;
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${++counter}`;

async function listen(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (!address || typeof address === 'string') await app.listen({ port: 0, host: '127.0.0.1' });
  const bound = app.server.address();
  if (!bound || typeof bound === 'string') throw new Error('no port');
  return `http://127.0.0.1:${bound.port}`;
}

function operatorSocket(url: string, token: string): Socket {
  const socket = io(url, {
    path: SOCKET_PATH,
    auth: { token, audience: OPERATOR_SOCKET_AUDIENCE },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

/** 'connected', or the handshake's refusal. */
function outcome(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/**
 * A guest writes in the chat and a bank transfer lands unmatched (the money desk's counts change):
 * resolves once `witness`, an agent whose session goes on, has heard both, so whatever another socket
 * was going to hear of them it has heard by then.
 */
async function chatAndCountsHeardBy(app: FastifyInstance, witness: Socket): Promise<void> {
  const text = unique('hello');
  const chat = nextEvent<ChatStaffMessageEvent>(witness, CHAT_STAFF_EVENTS.message, (e) =>
    JSON.stringify(e.message.message).includes(text),
  );
  const counts = nextEvent<MoneyQueueCounts>(witness, MONEY_QUEUES_EVENT, () => true);
  const sent = await app.inject({
    method: 'POST',
    url: '/api/chat/send-message',
    payload: {
      clientMessageId: unique('msg'),
      guestId: unique('guest'),
      message: { message_type: 'text', payload: text },
    },
  });
  expect(sent.statusCode).toBe(200);
  const transfer = await app.inject({
    method: 'POST',
    url: '/sandbox/bank/transfer',
    payload: {
      to: OPERATOR_AUTO_ACCOUNT.accountNo,
      from: `9${String(Date.now() + ++counter).slice(-9)}`,
      fromBank: 'SCB',
      amount: 11,
    },
  });
  expect(transfer.json()).toMatchObject({ status: 'UNMATCHED' });
  await Promise.all([chat, counts]);
}

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

describe.each(testDialects())('back-office sockets end with the operator session (%s)', (dialect) => {
  let ctx: TestContext;
  let url: string;
  let ownerToken: string;
  let witness: Socket;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { ENABLE_CHAT_WIDGET: 'true' });
    url = await listen(ctx.app);
    ownerToken = await ownerLogin(ctx.app);
    witness = operatorSocket(url, (await staffMember(ctx.app, ownerToken, 'support')).token);
    sockets.splice(sockets.indexOf(witness), 1);
    expect(await outcome(witness)).toBe('connected');
  });
  afterAll(async () => {
    witness.disconnect();
    await ctx.close();
  });

  /** A support agent (reads chat and the slip queue) with an open back-office socket. */
  async function agentOnline() {
    const agent = await staffMember(ctx.app, ownerToken, 'support');
    const socket = operatorSocket(url, agent.token);
    expect(await outcome(socket)).toBe('connected');
    return { ...agent, socket };
  }

  it('the baseline: an agent online hears the chat and the money-desk counts', async () => {
    const { socket } = await agentOnline();
    const heard = recordEvents(socket);
    await chatAndCountsHeardBy(ctx.app, witness);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.map(([event]) => event)).toEqual(
      expect.arrayContaining([CHAT_STAFF_EVENTS.message, MONEY_QUEUES_EVENT]),
    );
  });

  it('logout disconnects the socket at once; it hears nothing after, and cannot come back', async () => {
    const { token, socket } = await agentOnline();
    const gone = disconnection(socket);
    const heard = recordEvents(socket);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await chatAndCountsHeardBy(ctx.app, witness);
    expect(heard).toEqual([]);
    expect(await outcome(operatorSocket(url, token))).toBe('invalid-token');
  });

  it("disabling the agent disconnects every socket of theirs; the other agents' stay", async () => {
    const agent = await agentOnline();
    const secondTab = operatorSocket(url, agent.token);
    expect(await outcome(secondTab)).toBe('connected');
    const gone = [disconnection(agent.socket), disconnection(secondTab)];
    const witnessGone = disconnection(witness, 300);
    const heard = [recordEvents(agent.socket), recordEvents(secondTab)];
    const disabled = await ctx.app.inject({
      method: 'POST',
      url: `/api/backoffice/staff/${agent.id}/disable`,
      headers: bearer(ownerToken),
      payload: { reason: 'left the company' },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await witnessGone).toBe('still connected');
    await chatAndCountsHeardBy(ctx.app, witness);
    expect(heard).toEqual([[], []]);
    expect(await outcome(operatorSocket(url, agent.token))).toBe('invalid-token');
  });

  it('a password reset by the owner disconnects the socket', async () => {
    const { id, socket } = await agentOnline();
    const gone = disconnection(socket);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/backoffice/staff/${id}/reset-password`,
      headers: bearer(ownerToken),
      payload: {},
    });
    expect(reset.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it("the agent's own password change disconnects their other sessions' sockets, not this one's", async () => {
    const agent = await agentOnline();
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/backoffice/login',
      payload: { username: agent.username, password: agent.password },
      remoteAddress: '172.31.9.9',
    });
    const otherSocket = operatorSocket(url, other.json<{ token: string }>().token);
    expect(await outcome(otherSocket)).toBe('connected');
    const [hereGone, thereGone] = [disconnection(agent.socket), disconnection(otherSocket)];
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/backoffice/me/password',
      headers: bearer(agent.token),
      payload: { currentPassword: agent.password, newPassword: `new-${agent.password}` },
    });
    expect(changed.statusCode).toBe(200);
    expect(await thereGone).toBe('io server disconnect');
    expect(await hereGone).toBe('still connected');
  });

  it('a role that reads neither chat nor the money desk: the socket stops hearing both', async () => {
    const { id, token, socket } = await agentOnline();
    const heard = recordEvents(socket);
    const gone = disconnection(socket);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: `/api/backoffice/staff/${id}/role`,
      headers: bearer(ownerToken),
      payload: { role: 'marketing' },
    });
    expect(changed.statusCode).toBe(200);
    // The socket goes, so that its next handshake proves the new role; the session itself goes on.
    expect(await gone).toBe('io server disconnect');
    const again = operatorSocket(url, token);
    expect(await outcome(again)).toBe('connected');
    const heardAgain = recordEvents(again);
    await chatAndCountsHeardBy(ctx.app, witness);
    expect(heard).toEqual([]);
    expect(heardAgain).toEqual([]);
  });
});

// Several instances behind a load balancer: the action served by one drops the socket held by another.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'back-office sockets across instances',
  () => {
    let ctx: TestContext;
    let second: FastifyInstance;
    let secondUrl: string;
    let ownerToken: string;
    beforeAll(async () => {
      const env = { REDIS_URL: process.env.TEST_REDIS_URL as string, ENABLE_CHAT_WIDGET: 'true' };
      ctx = await createTestContext('postgres', env);
      const config = loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        WEB_DIST_DIR: '/nonexistent',
        ...env,
      });
      second = await buildApp({ config, db: ctx.db, clock: ctx.clock });
      secondUrl = await listen(second);
      ownerToken = await ownerLogin(ctx.app);
    });
    afterAll(async () => {
      await second.close();
      await ctx.close();
    });

    /** A support agent whose socket is on the second instance (the actions below go to the first). */
    async function agentOnSecond() {
      const agent = await staffMember(ctx.app, ownerToken, 'support');
      const socket = operatorSocket(secondUrl, agent.token);
      expect(await outcome(socket)).toBe('connected');
      // The Redis adapter subscribes asynchronously after the join; give it a moment to settle.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { ...agent, socket };
    }

    it('logout on instance A disconnects the socket on instance B', async () => {
      const { token, socket } = await agentOnSecond();
      const gone = disconnection(socket);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/backoffice/logout', headers: bearer(token) })).statusCode,
      ).toBe(200);
      expect(await gone).toBe('io server disconnect');
    });

    it('disabling on instance A disconnects the socket on instance B', async () => {
      const { id, socket } = await agentOnSecond();
      const gone = disconnection(socket);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/backoffice/staff/${id}/disable`,
        headers: bearer(ownerToken),
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(await gone).toBe('io server disconnect');
    });

    it('a role change on instance A drops the socket on instance B, which comes back hearing no chat', async () => {
      const { id, token, socket } = await agentOnSecond();
      const gone = disconnection(socket);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/backoffice/staff/${id}/role`,
        headers: bearer(ownerToken),
        payload: { role: 'marketing' },
      });
      expect(res.statusCode).toBe(200);
      expect(await gone).toBe('io server disconnect');
      const again = operatorSocket(secondUrl, token);
      expect(await outcome(again)).toBe('connected');
      const witness = operatorSocket(await listen(ctx.app), (await staffMember(ctx.app, ownerToken, 'support')).token);
      expect(await outcome(witness)).toBe('connected');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const heard = recordEvents(again);
      await chatAndCountsHeardBy(ctx.app, witness);
      expect(heard).toEqual([]);
    });
  },
);
