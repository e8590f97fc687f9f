import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDialects } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { parseBackofficeArgs, runBackoffice } from './backoffice.ts';
import { UsageError } from './command-line.ts';

const base = ['create-operator', '--username', 'boss', '--role', 'owner'];

describe('backoffice command: arguments', () => {
  it('reads a command line, the username in lower case', () => {
    expect(
      parseBackofficeArgs(['create-operator', '--username', 'Boss.One', '--role', 'finance', '--password', 'pw']),
    ).toEqual({ kind: 'create-operator', username: 'boss.one', role: 'finance', password: 'pw' });
    expect(parseBackofficeArgs(base)).toEqual({
      kind: 'create-operator',
      username: 'boss',
      role: 'owner',
      password: undefined,
    });
    expect(parseBackofficeArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [[], /a command is required/],
    [['make-admin'], /unknown command "make-admin"/],
    [['create-operator', '--role', 'owner'], /--username is required/],
    [['create-operator', '--username', 'boss'], /--role is required/],
    [['create-operator', '--username', 'x', '--role', 'owner'], /--username must be/],
    [['create-operator', '--username', '=cmd', '--role', 'owner'], /--username must be/],
    [[...base.slice(0, -1), 'king'], /--role must be one of owner, finance, support, marketing, auditor/],
    [[...base, '--nope'], /Unknown option '--nope'/],
    [[...base, 'extra'], /unexpected argument "extra"/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseBackofficeArgs(argv as string[])).toThrow(UsageError);
    expect(() => parseBackofficeArgs(argv as string[])).toThrow(message);
  });
});

describe.each(testDialects())('backoffice command: create-operator (%s)', (dialect) => {
  let database: TestDatabase;
  let env: NodeJS.ProcessEnv;
  const run = async (argv: string[], askSecret?: (q: string) => Promise<string>) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runBackoffice(argv, env, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      ...(askSecret ? { askSecret } : {}),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  beforeAll(async () => {
    database = await openTestDatabase(dialect, 'bocli');
    env = { NODE_ENV: 'test', DATA_DIR: database.dataDir, DATABASE_URL: database.url };
  });
  afterAll(async () => database?.drop());

  it('makes the first owner, who can then sign in; the audit log names the command', async () => {
    const result = await run([...base, '--password', 'First-Owner-2026']);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(/operator boss \(owner\) created/);
    const app = await buildApp({
      config: loadConfig({ ...env, WEB_DIST_DIR: join(database.dataDir, 'no-web') } as Record<string, string>),
      db: database.db,
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/backoffice/login',
        payload: { username: 'boss', password: 'First-Owner-2026' },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().operator.role).toBe('owner');
    } finally {
      await app.close();
    }
    const row = await database.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.create')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ operator_id: null, operator_role: null, ip: 'local', target_type: 'operator' });
    expect(row.operator_username).toMatch(/^command line/);
    expect(row.after_json).not.toContain('First-Owner-2026');
  });

  it('asks for the password twice on a terminal', async () => {
    const answers = ['Second-Owner-77', 'Second-Owner-77'];
    const result = await run(
      ['create-operator', '--username', 'boss2', '--role', 'auditor'],
      async () => answers.shift() as string,
    );
    expect(result.code).toBe(0);
    const differ = ['Third-Owner-771', 'Third-Owner-772'];
    const mismatch = await run(
      ['create-operator', '--username', 'boss3', '--role', 'auditor'],
      async () => differ.shift() as string,
    );
    expect(mismatch).toMatchObject({ code: 1 });
    expect(mismatch.err).toMatch(/the two passwords differ/);
  });

  it('refuses without a terminal and without --password, a weak password, or a taken username', async () => {
    expect((await run(['create-operator', '--username', 'boss4', '--role', 'owner'])).err).toMatch(/pass --password/);
    expect(
      (await run(['create-operator', '--username', 'boss4', '--role', 'owner', '--password', 'admin1234'])).err,
    ).toMatch(/commonest/);
    expect(
      (await run(['create-operator', '--username', 'boss4', '--role', 'owner', '--password', 'short'])).err,
    ).toMatch(/at least 8/);
    const taken = await run([...base, '--password', 'Another-Owner-55']);
    expect(taken).toMatchObject({ code: 1 });
    expect(taken.err).toMatch(/already exists/);
    const count = await database.db.kysely
      .selectFrom('operators')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });
});
