import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, testDialects } from '../../../test/helpers.ts';
import { seedGameCatalogue } from '../../db/seed/game-catalogue.ts';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { manualClock } from '../../lib/clock.ts';
import { randomId } from '../../lib/ids.ts';
import { createSandboxGameProviders, type SandboxGames } from '../../providers/games/sandbox-games.ts';
import { SESSION_TTL_MS } from '../../providers/games/sandbox-session.ts';
import { buildPaytable } from '../../providers/games/sandbox-slot.ts';
import { sandboxGamesRoutes } from './sandbox-games.routes.ts';

const RTP = 0.96;

describe.each(testDialects())('sandbox game routes on %s', (dialect) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let games: SandboxGames;
  const clock = manualClock();

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await seedGameCatalogue(ctx.db.kysely);
    games = createSandboxGameProviders({
      db: ctx.db.kysely,
      clock,
      secret: 'route-secret',
      codes: ['pg', 'joker2', 'pgslot'],
    });
    // The plugin on a bare app with the server's validation and error mapping, as app.ts registers it.
    const server = Fastify().withTypeProvider<ZodTypeProvider>();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(server);
    await server.register(sandboxGamesRoutes, { games, rtp: RTP });
    app = server;
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  /** A fresh account at `code` holding `baht`, and the session token of its web launch link. */
  async function player(baht: number, code = 'pg') {
    const provider = games.get(code);
    if (!provider) throw new Error(`no ${code}`);
    const account = await provider.activate(randomId());
    if (baht > 0) await provider.deposit(account.username, Math.round(baht * 100), `seed-${randomId()}`);
    const link = await provider.autoLogin(account.username, account.password);
    const session = new URL(link, 'http://x').searchParams.get('session') as string;
    return { account, link, session, code };
  }
  const spin = (session: string, bet: unknown) =>
    app.inject({ method: 'POST', url: '/sandbox/games/api/spin', payload: { session, bet } });
  const balance = async (session: string) =>
    (
      await app.inject({ method: 'GET', url: `/sandbox/games/api/balance?session=${encodeURIComponent(session)}` })
    ).json().balance as number;
  const rowsOf = (username: string) =>
    ctx.db.kysely
      .selectFrom('sandbox_game_transactions')
      .selectAll()
      .where('username', '=', username)
      .where('kind', 'in', ['bet', 'win'])
      .execute();

  it('renders the game page with its hooks, the provider name and the balance', async () => {
    const { link } = await player(1234.5);
    const res = await app.inject({ method: 'GET', url: `${link}&lang=en` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<title>Pearl Grove</title>');
    expect(html).toContain('src="/media/games/pg/logo.webp"');
    expect(html).toMatch(/data-testid="game-balance"[^>]*>1,234\.50</);
    for (const bet of [1, 5, 10, 50]) expect(html).toContain(`data-testid="bet-${bet}"`);
    for (const hook of ['spin', 'last-win', 'back-to-wallet']) expect(html).toContain(`data-testid="${hook}"`);
    expect(html).toMatch(/<a [^>]*href="\/user"[^>]*data-testid="back-to-wallet"[^>]*>Back to wallet</);
    // Back to the wallet's own tab by its name (issue 18, item 14), not a second wallet in the game's tab.
    expect(html).toMatch(/<a [^>]*target="wallet"[^>]*data-testid="back-to-wallet"/);
    // The CSP allows only scripts from our own origin, so every script must be a file.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/sandbox/games/assets/slot.js" defer>']);
  });

  it('speaks Thai by default, Lao from the app cookie, and the query over the cookie', async () => {
    const { link } = await player(0);
    const page = async (url: string, cookie?: string) =>
      (await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body;
    expect(await page(link)).toContain('กลับไปกระเป๋าเงิน');
    expect(await page(link, 'token=abc; lang=LO')).toContain('ກັບໄປກະເປົາເງິນ');
    expect(await page(`${link}&lang=en`, 'lang=LO')).toContain('Back to wallet');
    expect(await page(`${link}&client=android`)).toContain('Android');
  });

  it('answers a friendly 401 page for a missing, forged, foreign or expired session', async () => {
    const { session, link } = await player(10);
    const forged = `${session.slice(0, -2)}${session.endsWith('AA') ? 'BB' : 'AA'}`;
    const urls = [
      '/sandbox/games/pg/play',
      `/sandbox/games/pg/play?session=${encodeURIComponent(forged)}`,
      `/sandbox/games/pg/play?session=garbage&lang=en`,
      `/sandbox/games/joker2/play?session=${encodeURIComponent(session)}`,
    ];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('data-testid="back-to-wallet"');
      expect(res.body).not.toContain('data-testid="spin"');
    }
    clock.advance(SESSION_TTL_MS);
    expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(401);
    clock.advance(-SESSION_TTL_MS);
  });

  it('serves the page script and style from files', async () => {
    const js = await app.inject({ method: 'GET', url: '/sandbox/games/assets/slot.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.body).toContain('/sandbox/games/api/spin');
    const css = await app.inject({ method: 'GET', url: '/sandbox/games/assets/slot.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect((await app.inject({ method: 'GET', url: '/sandbox/games/assets/..%2Fgames' })).statusCode).toBe(404);
  });

  it('spins: the balance moves by win − bet, with a bet and a win row, and the reels match the win', async () => {
    // 25 bets of 5 cost 125 at most: with less, a losing streak (the reels are random) ran out of balance (400).
    const { session, account } = await player(125);
    const paytable = buildPaytable(RTP);
    let expectedMinor = 125_00;
    for (let i = 0; i < 25; i++) {
      const res = await spin(session, 5);
      expect(res.statusCode).toBe(200);
      const { balance: after, reels, win } = res.json<{ balance: number; reels: string[]; win: number }>();
      expectedMinor += Math.round(win * 100) - 5_00;
      expect(Math.round(after * 100)).toBe(expectedMinor);
      const tier = paytable.tiers.find((t) => reels.every((r) => r === t.symbol));
      expect(win).toBe(tier ? 5 * tier.multiplier : 0);
      if (win > 0) expect(tier).toBeDefined();
    }
    expect(Math.round((await balance(session)) * 100)).toBe(expectedMinor);
    const rows = await rowsOf(account.username);
    expect(rows).toHaveLength(50);
    expect(rows.filter((r) => r.kind === 'bet').every((r) => Number(r.amount) === 5_00)).toBe(true);
    const net = rows.reduce((sum, r) => sum + (r.kind === 'win' ? 1 : -1) * Number(r.amount), 0);
    expect(125_00 + net).toBe(expectedMinor);
  });

  it('refuses a bet above the balance with MONEY_NOT_ENOUGH and changes nothing', async () => {
    const { session, account } = await player(4.99);
    const res = await spin(session, 5);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'MONEY_NOT_ENOUGH' });
    expect(await balance(session)).toBe(4.99);
    expect(await rowsOf(account.username)).toHaveLength(0);
  });

  it('validates the spin and balance input', async () => {
    const { session } = await player(10);
    for (const bet of [0, -1, 1.234, '5', null, 1e12]) {
      const res = await spin(session, bet);
      expect(res.statusCode, String(bet)).toBe(400);
      expect(res.json().message).toMatch(/^KEY_(INVALID|MISSING)$/);
    }
    expect((await spin('x'.repeat(5000), 1)).statusCode).toBe(400);
    const forged = await spin(`${session}x`, 1);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'invalid-token' });
    const noSession = await app.inject({ method: 'GET', url: '/sandbox/games/api/balance' });
    expect(noSession.statusCode).toBe(400);
    expect(await balance(session)).toBe(10);
  });

  it('lets a test script provider faults over HTTP', async () => {
    const { account } = await player(0);
    const pg = games.get('pg');
    const inject = (payload: object) => app.inject({ method: 'POST', url: '/sandbox/games/faults', payload });
    expect((await inject({ provider: 'pg', operation: 'deposit', mode: 'timeout', times: 2 })).json()).toEqual({
      message: 'OK',
    });
    await expect(pg?.deposit(account.username, 1_00, 'http-fault')).rejects.toMatchObject({ kind: 'unavailable' });
    const cleared = await app.inject({ method: 'DELETE', url: '/sandbox/games/faults' });
    expect(cleared.json()).toEqual({ message: 'OK' });
    expect(await pg?.deposit(account.username, 1_00, 'http-fault')).toEqual({ balance: 1_00 });

    expect((await inject({ provider: 'huayhd', operation: 'deposit', mode: 'reject' })).json()).toEqual({
      message: 'NO_GAME',
    });
    const badMode = await inject({ provider: 'pg', operation: 'deposit', mode: 'explode' });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json()).toMatchObject({ message: 'KEY_INVALID', field: 'mode' });
  });
});
