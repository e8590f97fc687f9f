import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, registerPlayer, type TestDatabase, testDialects } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { loadConfig, REPO_ROOT } from '../config.ts';
import type { Db } from '../db/database.ts';
import { seed } from '../db/seed/seed.ts';
import { playerBalance } from '../ledger/accounts.ts';
import { signedDelivery, verifyBankFeed } from '../providers/payments/bank-feed-signature.ts';
import { UsageError } from './command-line.ts';
import { buildTransfer, describeOutcome, parseSandboxArgs, runSandbox } from './sandbox.ts';

const run = promisify(execFile);
const TSX = resolve(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
const CLI = resolve(REPO_ROOT, 'apps/server/src/cli/sandbox.ts');

const base = ['bank-transfer', '--to', '1234567890', '--from', '0123456789', '--amount', '100'];

describe('sandbox command: arguments', () => {
  it('reads a full command line', () => {
    expect(
      parseSandboxArgs([
        ...base,
        '--from-bank',
        'scb',
        '--reference',
        'R123456',
        '--mode',
        'sms',
        '--url',
        'http://127.0.0.1:9000',
      ]),
    ).toEqual({
      kind: 'bank-transfer',
      to: '1234567890',
      from: '0123456789',
      amount: 100,
      fromBank: 'SCB',
      reference: 'R123456',
      mode: 'SMS',
      url: 'http://127.0.0.1:9000',
    });
  });

  it('defaults to AUTO mode, no bank, a new reference and the local server', () => {
    expect(parseSandboxArgs([...base.slice(0, -1), '99.5'])).toEqual({
      kind: 'bank-transfer',
      to: '1234567890',
      from: '0123456789',
      amount: 99.5,
      fromBank: undefined,
      reference: undefined,
      mode: 'AUTO',
      url: undefined,
    });
    expect(parseSandboxArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseSandboxArgs(['bank-transfer', '-h'])).toEqual({ kind: 'help' });
  });

  it.each([
    [[], /a command is required/],
    [['pay'], /unknown command "pay"/],
    [['bank-transfer', '--from', '1', '--amount', '1'], /--to is required/],
    [['bank-transfer', '--to', '1', '--amount', '1'], /--from is required/],
    [['bank-transfer', '--to', '1', '--from', '1'], /--amount is required/],
    [[...base.slice(0, -1), '1.234'], /--amount must be a positive number/],
    [[...base.slice(0, -2), '--amount=-5'], /--amount must be a positive number/],
    [[...base.slice(0, -1), '-5'], /argument is ambiguous/],
    [[...base.slice(0, -1), '0'], /--amount must be a positive number/],
    [[...base.slice(0, -1), 'abc'], /--amount must be a positive number/],
    [[...base, '--mode', 'FAX'], /--mode must be AUTO or SMS/],
    [[...base, '--url', 'ftp://x'], /--url must start with http/],
    [[...base, '--nope'], /Unknown option '--nope'/],
    [[...base, 'extra'], /unexpected argument "extra"/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSandboxArgs(argv as string[])).toThrow(UsageError);
    expect(() => parseSandboxArgs(argv as string[])).toThrow(message);
  });

  it('refuses a masked sender outside SMS mode and names the option', () => {
    const command = parseSandboxArgs([
      'bank-transfer',
      '--to',
      '1234567890',
      '--from',
      'xxx-x-x5678-x',
      '--amount',
      '5',
    ]);
    expect(() => buildTransfer(command as never, Date.now())).toThrow(/--from is not valid.*--mode SMS/);
    const badTo = parseSandboxArgs(['bank-transfer', '--to', '12', '--from', '0123456789', '--amount', '5']);
    expect(() => buildTransfer(badTo as never, Date.now())).toThrow(/--to is not valid: "12"/);
  });

  it('signs the transfer so the server verifies it, and a changed body no longer verifies', () => {
    const now = Date.UTC(2026, 0, 15, 3, 0, 0);
    const command = parseSandboxArgs([...base, '--from-bank', 'SCB', '--reference', 'REF0001']);
    const transfer = buildTransfer(command as never, now);
    expect(transfer).toEqual({
      reference: 'REF0001',
      mode: 'AUTO',
      to: { accountNo: '1234567890' },
      from: { accountNo: '0123456789', bankCode: 'SCB' },
      amount: 100,
      transferredAt: '2026-01-15T03:00:00.000Z',
    });
    const secret = 'cli-test-secret-0123456789';
    const { rawBody, headers } = signedDelivery(secret, transfer, now);
    const check = (body: string, key = secret) =>
      verifyBankFeed({
        secret: key,
        timestamp: headers['x-bank-timestamp'],
        signature: headers['x-bank-signature'],
        rawBody: body,
        nowMs: now,
        toleranceSeconds: 300,
      });
    expect(headers['x-bank-timestamp']).toBe(String(now / 1000));
    expect(headers['x-bank-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(check(rawBody)).toEqual({ ok: true });
    expect(check(rawBody.replace('100', '900'))).toEqual({ ok: false, reason: 'mismatch' });
    expect(check(rawBody, 'another-secret-0123456789')).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('describes each outcome in one line', () => {
    const transfer = buildTransfer(parseSandboxArgs([...base, '--reference', 'REF0002']) as never, Date.now());
    const line = describeOutcome(transfer, { reference: 'REF0002', status: 'UNMATCHED', repeated: false });
    expect(line).toBe(
      'bank transfer REF0002: UNMATCHED, 100.00 from ? 0123456789 to 1234567890: no single registered sender; waits in the back office money desk (Unmatched transfers)',
    );
    expect(line).not.toContain('\n');
  });

  it('prints help and fails clearly without a server or a database', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    expect(await runSandbox(['--help'], {}, io)).toBe(0);
    expect(out.join('\n')).toContain('npm run sandbox -- bank-transfer');

    const nowhere = mkdtempSync(join(tmpdir(), 'wallet-cli-'));
    try {
      const env = { DATA_DIR: nowhere };
      expect(await runSandbox(base, env, io)).toBe(1);
      expect(err.at(-1)).toMatch(/no database at .*wallet\.db: start the server once/);
      const secretEnv = { DATA_DIR: nowhere, BANK_WEBHOOK_SECRET: 'cli-test-secret-0123456789' };
      expect(await runSandbox([...base, '--url', 'http://127.0.0.1:9'], secretEnv, io)).toBe(1);
      expect(err.at(-1)).toMatch(/not sent: cannot reach http:\/\/127\.0\.0\.1:9 .*is the server running\?/);
      expect(await runSandbox(['bank-transfer'], env, io)).toBe(1);
      expect(err.at(-1)).toMatch(/--to is required\nrun "npm run sandbox -- --help"/);
    } finally {
      rmSync(nowhere, { recursive: true, force: true });
    }
  });
});

describe.each(testDialects())('sandbox command against a running server (%s)', (dialect) => {
  let testDb: TestDatabase;
  let dataDir: string;
  let url: string;
  let db: Db;
  let app: FastifyInstance;
  let server: string;

  beforeAll(async () => {
    // The command opens the database by URL alone; the helper's url carries the test schema.
    testDb = await openTestDatabase(dialect, 'cli');
    ({ dataDir, url, db } = testDb);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    });
    await seed(db.kysely, { demo: true });
    // The real clock: the command signs with the time of day, as a bank would.
    app = await buildApp({ config, db });
    server = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  function commandEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url, ...extra };
    if (!extra.BANK_WEBHOOK_SECRET) delete env.BANK_WEBHOOK_SECRET;
    return env;
  }

  async function sandbox(args: string[], extra: Record<string, string> = {}) {
    try {
      const { stdout, stderr } = await run(process.execPath, [TSX, CLI, ...args, '--url', server], {
        cwd: REPO_ROOT,
        env: commandEnv(extra),
        timeout: 60_000,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  async function walletOf(phone: string) {
    const user = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', phone)
      .executeTakeFirstOrThrow();
    return playerBalance(db.kysely, user.id, 'wallet');
  }

  it('posts a signed transfer with the secret from the database and credits the player once', async () => {
    const { phone, payload } = await registerPlayer(app);
    const from = payload.bankAccountNo as string;
    const reference = `CLIT${Date.now().toString(36).toUpperCase()}`;
    const args = ['bank-transfer', '--to', '1234567890', '--from', from, '--from-bank', 'SCB', '--amount', '120.50'];

    const first = await sandbox([...args, '--reference', reference]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout.trim()).toBe(
      `bank transfer ${reference}: CREDITED, 120.50 from SCB ${from} to 1234567890: credited to the sender’s wallet`,
    );
    expect(await walletOf(phone)).toBe(120_50);

    // The same run in process (spawning is slow): a replay of the reference moves nothing.
    const out: string[] = [];
    const code = await runSandbox([...args, '--reference', reference, '--url', server], commandEnv(), {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
    });
    expect(code).toBe(0);
    expect(out[0]).toContain(`${reference}: CREDITED (reference already delivered: nothing moved)`);
    expect(await walletOf(phone)).toBe(120_50);

    const forged = await sandbox(args, { BANK_WEBHOOK_SECRET: 'not-the-server-secret-0123' });
    expect(forged.code).toBe(1);
    expect(forged.stderr).toMatch(/refused: HTTP 401 UNAUTHORIZED: the signature was refused/);
    expect(await walletOf(phone)).toBe(120_50);
  });

  it('reports a masked SMS transfer nobody can be matched to as kept for the operator', async () => {
    // Two players fit the mask, so the outcome does not hang on which account numbers other tests drew.
    const front = String(Date.now()).slice(-5);
    await registerPlayer(app, { bankAccountNo: `${front}00001` });
    await registerPlayer(app, { bankAccountNo: `${front}00002` });
    const out: string[] = [];
    const err: string[] = [];
    const code = await runSandbox(
      [
        'bank-transfer',
        '--to',
        '9876543210',
        '--from',
        'xxx-x-x0000-x',
        '--amount',
        '7',
        '--mode',
        'SMS',
        '--url',
        server,
      ],
      commandEnv(),
      { out: (l) => out.push(l), err: (l) => err.push(l) },
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/: UNMATCHED, 7\.00 from \? xxx-x-x0000-x to 9876543210: no single registered sender/);
  });
});
