import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../src/db/seed/seed.ts';
import { createTestContext, type TestContext } from './helpers.ts';

const PROXY = '10.0.0.1';
const ATTACKER = '203.0.113.7';
let forged = 0;
/** A different made-up client address each call, as an attacker rotating X-Forwarded-For sends. */
const forgedAddress = () => `198.18.${Math.floor(++forged / 250)}.${(forged % 250) + 1}`;

describe('who the client is behind TRUST_PROXY', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { TRUST_PROXY: PROXY, LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => ctx.close());

  const login = (password: string, remoteAddress: string, forwardedFor: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { username: DEMO_PLAYER.username, password },
    });

  it('keeps the login lock of a peer that is not a trusted proxy, however it rotates X-Forwarded-For', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login('not-the-password', ATTACKER, forgedAddress())).statusCode).toBe(400);
    }
    const blocked = await login(DEMO_PLAYER.password, ATTACKER, forgedAddress());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('tells clients apart behind the trusted proxy, each with its own lock', async () => {
    const locked = '198.51.100.1';
    for (let i = 0; i < 3; i++) expect((await login('not-the-password', PROXY, locked)).statusCode).toBe(400);
    expect((await login(DEMO_PLAYER.password, PROXY, locked)).statusCode).toBe(429);
    // Only the client's own address counts: one it prepends itself is ignored.
    expect((await login(DEMO_PLAYER.password, PROXY, `${forgedAddress()}, ${locked}`)).statusCode).toBe(429);
    expect((await login(DEMO_PLAYER.password, PROXY, '198.51.100.2')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { TRUST_PROXY: '1', LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => ctx.close());

  it('takes the address the one proxy saw, not what the client wrote before it', async () => {
    const client = '198.51.100.9';
    const login = (password: string, from: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `${forgedAddress()}, ${from}` },
        payload: { username: DEMO_PLAYER.username, password },
      });
    for (let i = 0; i < 3; i++) expect((await login('not-the-password', client)).statusCode).toBe(400);
    expect((await login(DEMO_PLAYER.password, client)).statusCode).toBe(429);
    // Another client behind the same proxy is someone else.
    expect((await login(DEMO_PLAYER.password, '198.51.100.10')).statusCode).toBe(200);
  });
});

describe('the global rate limit behind TRUST_PROXY', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { TRUST_PROXY: PROXY, RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => ctx.close());

  it('counts a peer that is not a trusted proxy as itself, whatever X-Forwarded-For it sends', async () => {
    const get = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/lookup/registerOTP',
        remoteAddress: ATTACKER,
        headers: { 'x-forwarded-for': forgedAddress() },
      });
    for (let i = 0; i < 5; i++) expect((await get()).statusCode).toBe(200);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });
});
