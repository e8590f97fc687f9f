import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, fundWallet, registerPlayer, type TestContext } from '../../test/helpers.ts';
import { OPERATOR_AUTO_ACCOUNT } from '../modules/deposit/bank-feed.fixtures.ts';

const TOKEN = 'scrape-token-0123456789abcdef';

/** The value of one sample line of the exposition, 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => ctx?.close());
  const scrape = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('answers only a scraper holding the token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(`${TOKEN}x`) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_request_duration_seconds');
  });

  it('does not exist without a configured token', async () => {
    const plain = await createTestContext('sqlite');
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route pattern and status, money by ledger kind, provider calls, and the event loop', async () => {
    const before = await scrape();
    const deposits = 'wallet_money_movements_total{kind="deposit",currency="THB"}';
    const deposited = 'wallet_money_moved_minor_total{kind="deposit",currency="THB"}';
    const smsSent = 'wallet_provider_calls_total{provider="sms:sandbox",method="send",outcome="ok"}';

    const { phone, token } = await registerPlayer(ctx.app);
    await fundWallet(ctx.app, phone, 123.45);
    for (let i = 0; i < 3; i += 1) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(token) })).statusCode).toBe(
        200,
      );
    }
    await ctx.app.inject({ method: 'GET', url: '/api/wallet/activate/pg', headers: bearer(token) });
    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      headers: { ...bearer(token), 'idempotency-key': 'metrics-transfer-1' },
      payload: { from: 'WALLET', to: 'pg', amount: 10 },
    });
    expect(moved.statusCode).toBe(200);

    const after = await scrape();
    expect(sample(after, deposits) - sample(before, deposits)).toBe(1);
    expect(sample(after, deposited) - sample(before, deposited)).toBe(12_345);
    expect(sample(after, smsSent) - sample(before, smsSent)).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'http_request_duration_seconds_count{method="GET",route="/api/wallet",status="200"}')).toBe(3);
    expect(after).toMatch(/wallet_provider_calls_total\{provider="game:pg",method="deposit",outcome="ok"\} 1/);
    expect(after).toContain('nodejs_eventloop_lag_seconds');
    expect(after).toContain('wallet_connected_sockets 0');
    // In process on SQLite: no round trips (counted on PostgreSQL, see wallet.round-trips.test.ts).
    expect(after).toMatch(/^wallet_db_round_trips_total \d+$/m);
    // A path no route matches is one series, whatever was asked for.
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing-1' });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing-2' });
    expect(await scrape()).not.toContain('no-such-thing');
  });

  it("shows the back office's open queues, as the money desk counts them", async () => {
    const before = await scrape();
    const transfers = 'wallet_backoffice_open_items{queue="transfers"}';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/bank/transfer',
      payload: { to: OPERATOR_AUTO_ACCOUNT.accountNo, from: '9876543210', fromBank: 'SCB', amount: 42 },
    });
    expect(res.json()).toMatchObject({ status: 'UNMATCHED' });
    const after = await scrape();
    expect(sample(after, transfers) - sample(before, transfers)).toBe(1);
    for (const queue of ['manualDeposits', 'slips', 'withdrawals', 'awaitingSecondApproval']) {
      expect(after).toContain(`wallet_backoffice_open_items{queue="${queue}"}`);
    }
  });
});
