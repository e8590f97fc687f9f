import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerLogin } from '../../test/backoffice-helpers.ts';
import { appWithCapturedLog, type LoggedApp } from '../../test/captured-log.ts';
import { bearer, newBankAccountNo, registerPlayer, testDialects } from '../../test/helpers.ts';
import { loggableError, loggableUrl } from './logging.ts';

/**
 * The README promises bank account numbers never reach the log: what staff search for (a phone, a
 * name, an account number) travels in query strings, which the request lines would otherwise carry.
 * Real searches through the app, with the server's own logger writing to a stream, then the captured
 * log is searched for every term.
 */
describe.each(testDialects())('back-office searches in the log (%s)', (dialect) => {
  let logged: LoggedApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    logged = await appWithCapturedLog(dialect);
    app = logged.app;
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('never writes a search term, a phone or a bank account number an operator looked up', async () => {
    const bankAccountNo = newBankAccountNo();
    const { phone, token } = await registerPlayer(app, { name: 'Quirinus Searchable', bankAccountNo });
    expect((await app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(token) })).statusCode).toBe(200);
    const owner = await ownerLogin(app);
    const lookUp = (url: string) => app.inject({ method: 'GET', url, headers: bearer(owner) });
    const nameTerm = 'Quirinus';
    const someoneElsesAccount = '7310429958';
    const searches = [
      `/api/backoffice/players?q=${bankAccountNo}`,
      `/api/backoffice/players?q=${phone}&page=1`,
      `/api/backoffice/players?status=active&q=${nameTerm}`,
      `/api/backoffice/players.csv?q=${bankAccountNo.slice(2)}`,
      `/api/backoffice/money/players?q=${bankAccountNo}`,
      `/api/backoffice/money/players?q=${encodeURIComponent(`${phone.slice(0, 3)}-${phone.slice(3)}`)}`,
      `/api/backoffice/money/transfers?q=${someoneElsesAccount}`,
      `/api/backoffice/money/slips?order=desc&q=${bankAccountNo}`,
      // Refused lookups are logged too: a term too long for the search, an account number in a path.
      `/api/backoffice/players?q=${bankAccountNo}${'9'.repeat(100)}`,
      `/api/backoffice/players/${bankAccountNo}`,
      `/api/backoffice/players/${someoneElsesAccount}/records?kind=deposits`,
    ];
    for (const url of searches) {
      const res = await lookUp(url);
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
    }
    const found = (await lookUp(`/api/backoffice/players?q=${bankAccountNo}`)).json<{
      items: { username: string }[];
    }>();
    expect(found.items.map((item) => item.username)).toEqual([phone]);

    const log = logged.text();
    // The lookups were logged (method, path, who), only without what was looked up.
    expect(log).toContain('/api/backoffice/players?q=%5Bredacted%5D');
    expect(log).toContain('/api/backoffice/money/transfers?q=%5Bredacted%5D');
    for (const term of [bankAccountNo, bankAccountNo.slice(2), someoneElsesAccount, phone, phone.slice(3), nameTerm]) {
      expect(log, term).not.toContain(term);
    }
  });

  it('masks what carries a phone or account number in any query parameter, path or error, and keeps the rest', () => {
    expect(loggableUrl('/api/backoffice/players?q=0812345678&page=2')).toBe(
      '/api/backoffice/players?q=%5Bredacted%5D&page=2',
    );
    expect(loggableUrl('/sandbox/sms/outbox?phone=0812345678')).toBe('/sandbox/sms/outbox?phone=%5Bredacted%5D');
    expect(loggableUrl('/x?from=1234567890123&limit=10&sort=createdAt')).toBe(
      '/x?from=%5Bredacted%5D&limit=10&sort=createdAt',
    );
    expect(loggableUrl('/api/backoffice/players/1234567890/records?kind=slips')).toBe(
      '/api/backoffice/players/[redacted]/records?kind=slips',
    );
    expect(loggableUrl('/api/backoffice/players/K7Q2MZ8R4T/audit?page=3')).toBe(
      '/api/backoffice/players/K7Q2MZ8R4T/audit?page=3',
    );
    const error = Object.assign(new Error('duplicate key value violates unique constraint "users_bank"'), {
      detail: 'Key (bank_account_no)=(1234567890) already exists.',
    });
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('duplicate key value');
    expect(logged).not.toContain('1234567890');
  });
});
