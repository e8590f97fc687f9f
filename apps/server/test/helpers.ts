import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DepositContent } from '@wallet/contract/deposit';
import { SLIP_FILE_FIELD } from '@wallet/contract/slip';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { type AppDeps, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { CONTENT_KEYS } from '../src/db/content-settings.ts';
import { type Db, openDb } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { seed } from '../src/db/seed/seed.ts';
import { getSetting, putSetting } from '../src/db/settings.repo.ts';
import { manualClock } from '../src/lib/clock.ts';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDialects(): TestDialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * Every secret a production start requires (config.ts PRODUCTION_SECRET_VARIABLES), each different,
 * for tests that start the app as production.
 */
export const PRODUCTION_SECRETS = {
  SERVER_SECRET: 'test-server-secret-4f1c9a7e2b8d6035',
  BANK_WEBHOOK_SECRET: 'test-bank-webhook-secret-7d2e91c4a6',
  QR_WEBHOOK_SECRET_KBANK: 'test-qr-secret-kbank-0b6f3e8a1c5d',
  QR_WEBHOOK_SECRET_WW: 'test-qr-secret-ww-93c7a2e5f1b804d',
  QR_WEBHOOK_SECRET_PAYTIMZ: 'test-qr-secret-paytimz-5e1d8b3a7c',
  QR_WEBHOOK_SECRET_PAYONEX: 'test-qr-secret-payonex-2a9c4f6e0d',
  QR_WEBHOOK_SECRET_ZPAY: 'test-qr-secret-zpay-8c3b1e7d5a92f',
} as const;

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  clock: ReturnType<typeof manualClock>;
  close(): Promise<void>;
}

/**
 * A whole server on a fresh database: a new SQLite file in a temp folder, or a new PostgreSQL schema
 * that is dropped afterwards, so test files never see each other's rows.
 */
export async function createTestContext(
  dialect: TestDialect,
  env: Record<string, string> = {},
  options: { providers?: AppDeps['providers'] } = {},
): Promise<TestContext> {
  const { db, url, dataDir, drop } = await openTestDatabase(dialect);
  const config = testConfig({ url, dataDir }, env);
  const clock = manualClock();
  // As main.ts does: demo content only where the configuration asks for it.
  await seed(db.kysely, { demo: config.seedDemo, demoOperator: config.seedDemoOperator, now: clock.now() });
  const app = await buildApp({ config, db, clock, ...(options.providers ? { providers: options.providers } : {}) });
  return {
    app,
    db,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** The configuration a test app runs with on a test database (no built apps to serve), `env` added. */
export function testConfig(database: Pick<TestDatabase, 'url' | 'dataDir'>, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    WEB_DIST_DIR: join(database.dataDir, 'no-web'),
    BACKOFFICE_DIST_DIR: join(database.dataDir, 'no-backoffice'),
    ...env,
  });
}

export interface TestDatabase {
  db: Db;
  /** Opens this same database on its own, e.g. in a child process that only gets DATABASE_URL. */
  url: string;
  dataDir: string;
  /** Closes the connection and deletes the database. */
  drop(): Promise<void>;
}

async function onTestPostgres(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database: a new SQLite file in a temp folder, or a new PostgreSQL schema whose
 * name also travels in the url (search_path), so anything opening the url alone lands in it.
 */
export async function openTestDatabase(dialect: TestDialect, prefix = 't'): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `wallet-${prefix}-`));
  let url = `sqlite:${join(dataDir, 'test.db')}`;
  let schema: string | undefined;
  if (dialect === 'postgres') {
    const base = process.env.TEST_DATABASE_URL as string;
    schema = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await onTestPostgres(`create schema ${schema}`);
    url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
  const db = openDb(url, schema ? { schema } : {});
  await migrate(db);
  return {
    db,
    url,
    dataDir,
    async drop() {
      await db.close();
      if (schema) await onTestPostgres(`drop schema ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Calls the API as one logged-in player: call(method, url, payload?, extra headers?). */
export function playerCaller(app: FastifyInstance, token: string) {
  return (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload ? { payload } : {}),
    });
}

export async function login(app: FastifyInstance, username: string, password: string, remember = false) {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password, remember } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

let addressCounter = 0;
/** A client address of its own per call: players registering from their own phones, not all from one. */
export function newClientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** Runs the OTP step as the wizard does, reading the code from the sandbox outbox. */
export async function verifyPhone(app: FastifyInstance, phone: string): Promise<void> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/otp/send',
    payload: { phoneNumber: phone },
    remoteAddress: newClientAddress(),
  });
  if (sent.statusCode !== 200) throw new Error(`otp send failed: ${sent.body}`);
  const { otpToken, code } = sent.json<{ otpToken: string; code: string }>();
  if (code === 'OTP_VERIFIED') return;
  const outbox = await app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` });
  const otpCode = outbox.json<{ messages: { code: string }[] }>().messages[0]?.code;
  const verified = await app.inject({ method: 'POST', url: '/api/otp/verify', payload: { otpToken, otpCode } });
  if (verified.statusCode !== 200) throw new Error(`otp verify failed: ${verified.body}`);
}

let phoneCounter = 0;
/** A fresh 10-digit phone per call, so tests never collide. */
export function newPhone(): string {
  phoneCounter += 1;
  return `09${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneCounter).padStart(2, '0')}`.slice(0, 10);
}

let accountCounter = 0;
/**
 * A fresh 10-digit account number. The counter sits in the four digits a bank leaves visible on a
 * masked slip (xxxxx1234x), so no two players of one test run look alike to a masked number by chance:
 * a look-alike holds the deposit for the operator instead of crediting it.
 */
export function newBankAccountNo(): string {
  accountCounter += 1;
  return `${String(Date.now()).slice(-5)}${String(accountCounter % 1e4).padStart(4, '0')}${accountCounter % 10}`;
}

export function registration(phone: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Somsak Test',
    username: phone,
    password: 'secret123',
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'SCB',
    bankAccountName: 'สมศักดิ์ ทดสอบ',
    bankAccountNo: newBankAccountNo(),
    ...overrides,
  };
}

/** Registers a player through the real endpoints and returns a login token. */
export async function registerPlayer(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const phone = (overrides.username as string | undefined) ?? newPhone();
  await verifyPhone(app, phone);
  const payload = registration(phone, overrides);
  const res = await app.inject({ method: 'POST', url: '/api/account', payload });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  const token = await login(app, phone, payload.password as string);
  return { phone, token, payload };
}

/** Registers a player and answers their id and a caller for their token beside the registration. */
export async function registeredPlayer(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const registered = await registerPlayer(ctx.app, overrides);
  const user = await ctx.db.kysely
    .selectFrom('users')
    .select(['id', 'bank_account_no'])
    .where('username', '=', registered.phone)
    .executeTakeFirstOrThrow();
  return {
    ...registered,
    id: user.id,
    bankAccountNo: user.bank_account_no,
    call: playerCaller(ctx.app, registered.token),
  };
}

/**
 * A slip of a transfer from `senderUsername`'s registered account, made by the sandbox bank and uploaded
 * by the player whose caller is given; the clock then moves past the one-upload-a-minute limit.
 */
export async function uploadSandboxSlip(
  ctx: TestContext,
  upload: ReturnType<typeof playerCaller>,
  senderUsername: string,
  amount: number,
) {
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/slips',
    payload: { username: senderUsername, amount },
  });
  if (made.statusCode !== 200) throw new Error(`sandbox slip failed: ${made.body}`);
  const data = new FormData();
  data.append(SLIP_FILE_FIELD, new Blob([new Uint8Array(made.rawPayload)], { type: 'image/png' }), 'slip.png');
  const res = await upload('POST', '/api/wallet/slip', data as unknown as object);
  ctx.clock.advance(61_000);
  return { res, reference: String(made.headers['x-slip-reference']) };
}

/** Puts money in a player's wallet through the sandbox bank, as a confirmed bank transfer would. */
export async function fundWallet(app: FastifyInstance, username: string, amount: number): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/sandbox/bank/credit', payload: { username, amount } });
  if (res.statusCode !== 200) throw new Error(`funding failed: ${res.statusCode} ${res.body}`);
}

/** Runs `body` with the operator's deposit settings changed by `edit`, and puts the seeded ones back after. */
export async function withDepositContent<T>(
  db: Kysely<Database>,
  edit: (content: DepositContent) => DepositContent,
  body: () => Promise<T>,
): Promise<T> {
  const content = (await getSetting<DepositContent>(db, CONTENT_KEYS.deposit)) as DepositContent;
  await putSetting(db, CONTENT_KEYS.deposit, edit(content));
  try {
    return await body();
  } finally {
    await putSetting(db, CONTENT_KEYS.deposit, content);
  }
}

/**
 * The conversation id of a guest's chat, read from the database: agents never see a guest's id (it is
 * the guest's credential), so a test that knows the guest finds the conversation here.
 */
export async function guestConversationId(db: Kysely<Database>, guestId: string): Promise<string | undefined> {
  const row = await db.selectFrom('chat_conversations').select('id').where('guest_id', '=', guestId).executeTakeFirst();
  return row?.id;
}
