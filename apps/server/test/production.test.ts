import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_PLAYER, seed } from '../src/db/seed/seed.ts';
import { createTestContext, openTestDatabase, PRODUCTION_SECRETS, type TestContext } from './helpers.ts';

const PRODUCTION = { NODE_ENV: 'production', ...PRODUCTION_SECRETS };

async function sandboxOutboxSize(ctx: TestContext): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('sandbox_sms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a production start', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', PRODUCTION);
  });
  afterAll(() => ctx.close());

  it('has no demo player with the README password', async () => {
    const users = await ctx.db.kysely.selectFrom('users').select('id').execute();
    expect(users).toEqual([]);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password },
    });
    expect(login.statusCode).not.toBe(200);
  });

  it('answers OTP_SEND_FAIL without an SMS gateway, and writes no sandbox outbox', async () => {
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: '0898765432' } });
    expect(sent.statusCode).toBe(502);
    expect(sent.json()).toEqual({ message: 'OTP_SEND_FAIL' });
    expect(await sandboxOutboxSize(ctx)).toBe(0);
  });

  it('warns at start that OTP cannot be sent', async () => {
    const { db, dataDir, drop } = await openTestDatabase('sqlite');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    try {
      const config = loadConfig({ ...PRODUCTION, DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'no-web') });
      await seed(db.kysely, { demo: config.seedDemo });
      const app = await buildApp({ config, db, logger: { level: 'warn', stream } });
      await app.close();
    } finally {
      await drop();
    }
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warnings).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/OTP_SEND_FAIL/) }),
    );
  });
});

describe('a production start with an SMS gateway', () => {
  let gateway: Server;
  const texts: { to: string; text: string }[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    gateway = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        texts.push(JSON.parse(body));
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    ctx = await createTestContext('sqlite', {
      ...PRODUCTION,
      SMS_GATEWAY_URL: `http://127.0.0.1:${port}/send`,
      SMS_GATEWAY_TOKEN: 'gateway-token',
    });
  });
  afterAll(async () => {
    await ctx.close();
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  });

  it('sends the OTP through it', async () => {
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: '0898765432' } });
    expect(sent.statusCode).toBe(200);
    expect(texts).toEqual([{ to: '0898765432', text: expect.stringMatching(/OTP \d{6}/) }]);
    expect(await sandboxOutboxSize(ctx)).toBe(0);
  });
});
