import { constants, publicEncrypt } from 'node:crypto';
import { giftLinkPlaintext } from '@wallet/contract/deposit';
import { RESTRICTED_STATE_CODES } from '@wallet/contract/protection-rules';
import { SLIP_FILE_FIELD } from '@wallet/contract/slip';
import type { WalletResponse } from '@wallet/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  fundWallet,
  login,
  registerPlayer,
  type TestContext,
  testDialects,
  withDepositContent,
} from '../../../test/helpers.ts';

/**
 * Every route of the player audience, decided once under a time-out and under a self-exclusion: it
 * answers (withdrawals, the statement, the profile, the protection tools stay open) or it refuses
 * with the state's code (anything that moves money toward play, a bonus, or hands out or refreshes game
 * access: credentials, a new password, a new game account, a launch link). The table is the decision;
 * a route registered without an entry here fails the first test, so no route slips past the guard.
 */

/** What the walk knows about the player before the restriction began. */
interface Walker {
  token: string;
  /** A second session, for the one route that ends the session it is called with. */
  spareToken: string;
  phone: string;
  gameUsername: string;
  gamePassword: string;
  qrcodeId: string;
  sealedGiftLink: string;
  slipPng: Uint8Array;
}

interface Call {
  url: string;
  payload?: object;
  headers?: Record<string, string>;
  /** Calls with the spare session (POST /api/logout). */
  spare?: boolean;
}

/** The restrictions the walk runs under. */
type WalkedState = 'timeout' | 'excluded';

type Decision =
  /** Open under every restriction: answers this status and message, as it would for anyone. */
  | { answers: string | Record<WalkedState, string> }
  /**
   * Refused with the state's code (PLAYER_TIMED_OUT / PLAYER_SELF_EXCLUDED) before anything changes:
   * 403, or in a 200 answer's `error` where SPEC §8 has the screen read refusals from the answer (spin).
   */
  | { refuses: 403 | 200 };

interface RouteCase {
  call(w: Walker): Call;
  decision: Decision;
  /** What is wrong with the answer beyond its status, if anything (launch links in a restricted wallet). */
  check?(body: unknown): string | undefined;
}

const idem = () => ({ 'idempotency-key': `k${Math.random().toString(36).slice(2, 14)}` });
const get = (url: string): Call => ({ url });
const post = (url: string, payload: object = {}, headers?: Record<string, string>): Call => ({
  url,
  payload,
  ...(headers ? { headers } : {}),
});

/** No slot of a restricted player carries a launch link (a link is game access): the slots that do. */
function launchLinks(body: unknown): string | undefined {
  const slots = (body as Partial<Pick<WalletResponse, 'slots'>>).slots ?? [];
  const linked = slots.filter((slot) => slot.web !== null || slot.android !== null || slot.ios !== null);
  return linked.length > 0 ? `launch links for ${linked.map((slot) => slot.code).join(',')}` : undefined;
}

const REFUSES = { refuses: 403 } as const;

/** METHOD path → how a restricted player's call is decided. */
const PLAYER_ROUTES: Record<string, RouteCase> = {
  'POST /api/logout': {
    call: () => ({ url: '/api/logout', payload: {}, spare: true }),
    decision: { answers: '200 SUCCESS' },
  },
  'GET /api/account/profile': { call: () => get('/api/account/profile'), decision: { answers: '200' } },
  'GET /api/lookup/deposit': { call: () => get('/api/lookup/deposit'), decision: { answers: '200' } },
  'PUT /api/account/profile': {
    call: () => post('/api/account/profile', { name: 'Somsak Test' }),
    decision: { answers: '400 KEY_MISSING' },
  },
  'PUT /api/account/bankAccountName': {
    call: () => post('/api/account/bankAccountName', { bankCode: 'SCB', bankAccountName: 'สมศักดิ์ ทดสอบ' }),
    decision: { answers: '400 INVALID_BANK' },
  },
  'GET /api/account/bank-change-request': {
    call: () => get('/api/account/bank-change-request'),
    decision: { answers: '200' },
  },
  'POST /api/account/bank-change-request': {
    call: () => post('/api/account/bank-change-request', {}),
    decision: { answers: '400 KEY_MISSING' },
  },
  'PUT /api/account/changepwd': {
    call: () => post('/api/account/changepwd', { oldPassword: 'not-the-password', newPassword: 'secret456' }),
    decision: { answers: '400 WRONG_PASSWORD' },
  },
  'GET /api/wallet': { call: () => get('/api/wallet'), decision: { answers: '200' }, check: launchLinks },
  'GET /api/wallet/refresh/slot': {
    call: () => get('/api/wallet/refresh/slot'),
    decision: { answers: '200' },
    check: launchLinks,
  },
  'GET /api/wallet/activate/:slotCode': { call: () => get('/api/wallet/activate/joker2'), decision: REFUSES },
  'GET /api/wallet/account/:slotCode': { call: () => get('/api/wallet/account/pg'), decision: REFUSES },
  'GET /api/wallet/resetpassword/:slotCode': { call: () => get('/api/wallet/resetpassword/pg'), decision: REFUSES },
  'POST /api/wallet/transfer': {
    call: () => post('/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 10 }, idem()),
    decision: REFUSES,
  },
  'POST /api/wallet/transferAll': {
    call: () => post('/api/wallet/transferAll', { to: 'pg' }, idem()),
    decision: REFUSES,
  },
  'GET /api/autoLogin/:provider/:username': {
    call: (w) => get(`/api/autoLogin/pg/${w.gameUsername}`),
    decision: REFUSES,
  },
  'GET /api/autoLogin/:provider/:username/:password': {
    call: (w) => get(`/api/autoLogin/pg/${w.gameUsername}/${encodeURIComponent(w.gamePassword)}`),
    decision: REFUSES,
  },
  'POST /api/statement': { call: () => post('/api/statement', { page: 1, limit: 10 }), decision: { answers: '200' } },
  'POST /api/wallet/add': { call: () => post('/api/wallet/add', { amount: 100 }), decision: REFUSES },
  'GET /api/qrcode/:bankCode': { call: () => get('/api/qrcode/KBANK'), decision: { answers: '200' } },
  'GET /api/qrcode/:bankCode/:qrcodeId': {
    call: (w) => get(`/api/qrcode/KBANK/${w.qrcodeId}`),
    decision: { answers: '200' },
  },
  'POST /api/qrcode/:bankCode': { call: () => post('/api/qrcode/KBANK', { amount: 100 }), decision: REFUSES },
  'DELETE /api/qrcode/:qrcodeId': {
    call: (w) => get(`/api/qrcode/${w.qrcodeId}`),
    decision: { answers: '200 SUCCESS' },
  },
  'GET /api/wallet/truelink/key': { call: () => get('/api/wallet/truelink/key'), decision: { answers: '200' } },
  'POST /api/wallet/truelink': {
    call: (w) => post('/api/wallet/truelink', { link: w.sealedGiftLink }),
    decision: REFUSES,
  },
  'POST /api/wallet/slip': { call: () => ({ url: '/api/wallet/slip' }), decision: REFUSES },
  'POST /api/statement/slip': {
    call: () => post('/api/statement/slip', { page: 1, limit: 10 }),
    decision: { answers: '200' },
  },
  'GET /api/statement/slip/reference/:reference': {
    call: () => get('/api/statement/slip/reference/NOSUCHREF'),
    decision: { answers: '404 NO_DATA' },
  },
  'POST /api/wallet/withdraw': {
    call: () => post('/api/wallet/withdraw', { amount: 100 }, idem()),
    decision: { answers: '200 WITHDRAW_PENDING' },
  },
  'POST /api/wallet/withdrawAll': {
    call: () => post('/api/wallet/withdrawAll', { amount: 900 }, idem()),
    decision: { answers: '200 WITHDRAW_PENDING' },
  },
  'GET /api/bonus': { call: () => get('/api/bonus'), decision: { answers: '200' } },
  'GET /api/bonus/activate/:code': { call: () => get('/api/bonus/activate/ANY'), decision: REFUSES },
  'GET /api/bonus/check/active': { call: () => get('/api/bonus/check/active'), decision: { answers: '200' } },
  'GET /api/bonus/check/minimum': { call: () => get('/api/bonus/check/minimum'), decision: { answers: '200' } },
  'GET /api/bonus/progress': { call: () => get('/api/bonus/progress'), decision: { answers: '200' } },
  'GET /api/bonus/clear': { call: () => get('/api/bonus/clear'), decision: { answers: '400 NO_PROMOTION' } },
  'GET /api/promotion/current': { call: () => get('/api/promotion/current'), decision: { answers: '200' } },
  'GET /api/promotion/find/:code': {
    call: () => get('/api/promotion/find/ANY'),
    decision: { answers: '404 NO_PROMOTION' },
  },
  'GET /api/promotion/activate/:code': { call: () => get('/api/promotion/activate/ANY'), decision: REFUSES },
  'POST /api/invite': { call: () => post('/api/invite', { page: 1, limit: 10 }), decision: { answers: '200' } },
  'GET /api/invite/bonus': { call: () => get('/api/invite/bonus'), decision: { answers: '200' } },
  'GET /api/invite/banners': { call: () => get('/api/invite/banners'), decision: { answers: '200' } },
  'POST /api/refund': { call: () => post('/api/refund', { page: 1, limit: 10 }), decision: { answers: '200' } },
  'GET /api/refund/check': { call: () => get('/api/refund/check'), decision: { answers: '200' } },
  'GET /api/refund/receive': { call: () => get('/api/refund/receive'), decision: { answers: '400 NO_REFUND' } },
  'GET /api/refund/addWallet': { call: () => get('/api/refund/addWallet'), decision: { answers: '400 NO_REFUND' } },
  'GET /api/refund/banners': { call: () => get('/api/refund/banners'), decision: { answers: '200' } },
  'GET /api/spinwheel/active': { call: () => get('/api/spinwheel/active'), decision: { answers: '200' } },
  'GET /api/spinwheel/setup': { call: () => get('/api/spinwheel/setup'), decision: { answers: '200' } },
  'POST /api/spinwheel/spin': { call: () => post('/api/spinwheel/spin', {}, idem()), decision: { refuses: 200 } },
  'GET /api/spinwheel/coupon': { call: () => get('/api/spinwheel/coupon'), decision: { answers: '200' } },
  'POST /api/spinwheel/coupon/claim': {
    // A coupon that is not the player's answers as for anyone; a won one is refused (spinwheel.test.ts).
    call: () => post('/api/spinwheel/coupon/claim', { coupon: 'NOSUCHCOUPON' }),
    decision: { answers: '200 INVALID_CODE' },
  },
  'GET /api/account/protection': { call: () => get('/api/account/protection'), decision: { answers: '200' } },
  'PUT /api/account/protection/limits': {
    call: () => post('/api/account/protection/limits', { day: 5000, week: null, month: null }),
    decision: { answers: '200' },
  },
  'POST /api/account/protection/limits/confirm': {
    call: () => post('/api/account/protection/limits/confirm', { period: 'day' }),
    decision: { answers: '409 LIMIT_NOT_DUE' },
  },
  'POST /api/account/protection/timeout': {
    call: () => post('/api/account/protection/timeout', { days: 1 }),
    decision: { answers: '409 PROTECTION_ALREADY_LONGER' },
  },
  'POST /api/account/protection/return': {
    call: () => post('/api/account/protection/return', {}),
    decision: { answers: '409 RETURN_NOT_AVAILABLE' },
  },
  'PUT /api/account/protection/reality-check': {
    call: () => post('/api/account/protection/reality-check', { minutes: 30 }),
    decision: { answers: '200' },
  },
  'GET /api/account/protection/session': {
    call: () => get('/api/account/protection/session'),
    decision: { answers: '200' },
  },
  'POST /api/account/protection/session/acknowledge': {
    call: () => post('/api/account/protection/session/acknowledge', {}),
    decision: { answers: '200 OK' },
  },
  // Last: under a time-out the player may still exclude themselves, which changes the state it walks in.
  'POST /api/account/protection/exclusion': {
    call: () => post('/api/account/protection/exclusion', { months: 6 }),
    decision: { answers: { timeout: '200', excluded: '409 PROTECTION_ALREADY_LONGER' } },
  },
};

describe.each(testDialects())('every player route under a time-out and a self-exclusion (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      RATE_LIMIT_PER_MINUTE: '100000',
      SLIP_UPLOADS_PER_IP_PER_MINUTE: '100000',
    });
  });
  afterAll(() => ctx.close());

  /** The player routes the app registered: the bearer-token audience, as the API document groups them. */
  function registeredPlayerRoutes(): string[] {
    return ctx.app.registeredRoutes
      .filter((route) => (route.schema as { tags?: string[] } | undefined)?.tags?.[0] === 'player')
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
      .filter((key) => !key.startsWith('HEAD '))
      .sort();
  }

  it('has a decision for every registered player route, and none for a route that is gone', () => {
    const registered = registeredPlayerRoutes();
    expect(registered.length).toBeGreaterThan(40);
    expect(registered).toEqual(Object.keys(PLAYER_ROUTES).sort());
  });

  /** A player with money, a game account, a live QR, a gift link and a slip, before the restriction. */
  async function walker(): Promise<Walker> {
    const { phone, token } = await registerPlayer(ctx.app);
    const spareToken = await login(ctx.app, phone, 'secret123');
    await fundWallet(ctx.app, phone, 1000);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    expect((await call('GET', '/api/wallet/activate/pg')).statusCode).toBe(200);
    const game = (await call('GET', '/api/wallet/account/pg')).json<{ username: string; password: string }>();
    const qr = await call('POST', '/api/qrcode/KBANK', { amount: 150 });
    expect(qr.statusCode, qr.body).toBe(200);
    const publicKey = (await call('GET', '/api/wallet/truelink/key')).json<{ publicKey: string }>().publicKey;
    const gift = await ctx.app.inject({ method: 'POST', url: '/sandbox/giftlinks', payload: { amount: 50 } });
    const sealedGiftLink = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(giftLinkPlaintext(gift.json<{ link: string }>().link, '0899999999'), 'utf8'),
    ).toString('base64');
    const slip = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/slips',
      payload: { username: phone, amount: 20 },
    });
    expect(slip.statusCode, slip.body).toBe(200);
    return {
      token,
      spareToken,
      phone,
      gameUsername: game.username,
      gamePassword: game.password,
      qrcodeId: qr.json<{ qrcodeId: string }>().qrcodeId,
      sealedGiftLink,
      slipPng: new Uint8Array(slip.rawPayload),
    };
  }

  async function callRoute(w: Walker, key: string) {
    const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
    const route = PLAYER_ROUTES[key] as RouteCase;
    const call = route.call(w);
    const headers = { ...bearer(call.spare ? w.spareToken : w.token), ...call.headers };
    if (key === 'POST /api/wallet/slip') {
      const data = new FormData();
      data.append(SLIP_FILE_FIELD, new Blob([w.slipPng], { type: 'image/png' }), 'slip.png');
      return ctx.app.inject({ method, url: call.url, headers, payload: data as unknown as object });
    }
    return ctx.app.inject({ method, url: call.url, headers, ...(call.payload ? { payload: call.payload } : {}) });
  }

  async function credentialsAtProvider(w: Walker) {
    return ctx.db.kysely
      .selectFrom('game_accounts')
      .select(['username', 'password'])
      .where('username', '=', w.gameUsername)
      .executeTakeFirstOrThrow();
  }

  describe.each([
    { restriction: 'time-out', url: '/api/account/protection/timeout', payload: { days: 7 }, state: 'timeout' },
    {
      restriction: 'self-exclusion',
      url: '/api/account/protection/exclusion',
      payload: { months: 6 },
      state: 'excluded',
    },
  ] as const)('under a $restriction', ({ url, payload, state }) => {
    it('answers or refuses each route as the table decides, and hands out no game access', async () => {
      const w = await walker();
      const begun = await ctx.app.inject({ method: 'POST', url, headers: bearer(w.token), payload });
      expect(begun.statusCode, begun.body).toBe(200);
      const code = RESTRICTED_STATE_CODES[state];
      const before = await credentialsAtProvider(w);
      await withDepositContent(
        ctx.db.kysely,
        (content) => ({ ...content, isManual: true }),
        async () => {
          const outcomes: Record<string, string> = {};
          const expected: Record<string, string> = {};
          for (const [key, route] of Object.entries(PLAYER_ROUTES)) {
            const { decision } = route;
            const res = await callRoute(w, key);
            const body = res.json() as { message?: unknown; error?: unknown };
            const message =
              typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : '';
            const problem = route.check?.(body);
            outcomes[key] = [res.statusCode, message, problem].filter(Boolean).join(' ');
            expected[key] =
              'refuses' in decision
                ? `${decision.refuses} ${code}`
                : typeof decision.answers === 'string'
                  ? decision.answers
                  : decision.answers[state];
          }
          expect(outcomes).toEqual(expected);
        },
      );
      // The provider still holds the password the player had: nothing was reset behind the refusal.
      expect(await credentialsAtProvider(w)).toEqual(before);
    });
  });
});
