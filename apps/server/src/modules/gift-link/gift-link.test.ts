import { constants, generateKeyPairSync, publicEncrypt, randomBytes } from 'node:crypto';
import { giftLinkPlaintext } from '@wallet/contract/deposit';
import type { StatementListResponse } from '@wallet/contract/statement';
import type { WalletResponse } from '@wallet/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
  withDepositContent,
} from '../../../test/helpers.ts';
import { checkLedger } from '../../ledger/check.ts';
import { createGiftLinkKeys, GIFT_LINK_KEY_BITS } from './gift-link-keys.ts';

/** The seeded gift-link wallet (deposit settings, mode LINK). */
const WALLET_NAME = '0899999999';

describe.each(testDialects())('gift-link deposits (%s)', (dialect) => {
  let ctx: TestContext;
  let publicKey: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const { token } = await registerPlayer(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/wallet/truelink/key', headers: bearer(token) });
    publicKey = res.json<{ publicKey: string }>().publicKey;
  });
  afterAll(() => ctx.close());

  async function player() {
    const { token } = await registerPlayer(ctx.app);
    const call = playerCaller(ctx.app, token);
    return {
      call,
      send: (link: string, key?: string) =>
        call('POST', '/api/wallet/truelink', { link }, key ? { 'idempotency-key': key } : {}),
      wallet: async () => (await call('GET', '/api/wallet')).json<WalletResponse>().wallet.amount,
      statements: async () =>
        (await call('POST', '/api/statement', { page: 1, limit: 50 })).json<StatementListResponse>().statements,
    };
  }

  async function issueVoucher(amount: number) {
    const res = await ctx.app.inject({ method: 'POST', url: '/sandbox/giftlinks', payload: { amount } });
    expect(res.statusCode).toBe(200);
    return res.json<{ link: string; voucher: string; amount: number }>();
  }

  /** What the web app sends: RSA-OAEP-256 under the server's key of the JSON plaintext, base64. */
  function encrypt(plaintext: string, key = publicKey) {
    return publicEncrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(plaintext, 'utf8'),
    ).toString('base64');
  }

  const sealed = (link: string, walletAccountName = WALLET_NAME) => encrypt(giftLinkPlaintext(link, walletAccountName));

  function expectRefused(res: { statusCode: number; json(): unknown }, message: string) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  }

  it('hands out an SPKI RSA public key that stays the same and is kept in settings', async () => {
    const p = await player();
    const res = await p.call('GET', '/api/wallet/truelink/key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey });
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    // Another instance (or this one after a restart) loads the very same key from the database.
    expect(await createGiftLinkKeys(ctx.db.kysely).publicKeyPem()).toBe(publicKey);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/wallet/truelink/key' })).statusCode).toBe(401);
  });

  it('redeems a link encrypted with WebCrypto, as the web app does, into the wallet', async () => {
    const p = await player();
    const { link } = await issueVoucher(150.25);
    const der = Buffer.from(publicKey.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    expect((key.algorithm as unknown as { modulusLength: number }).modulusLength).toBe(GIFT_LINK_KEY_BITS);
    const ciphertext = await crypto.subtle.encrypt(
      { name: 'RSA-OAEP' },
      key,
      new TextEncoder().encode(giftLinkPlaintext(link, WALLET_NAME)),
    );
    const res = await p.send(Buffer.from(ciphertext).toString('base64'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'SUCCESS', amount: 150.25 });
    expect(await p.wallet()).toBe(150.25);
    const [statement] = await p.statements();
    expect(statement).toMatchObject({
      statementType: 'deposit',
      from: 'TRUEWALLET',
      to: 'WALLET',
      amount: 150.25,
      status: 'SUCCESS',
    });
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('redeems a link once, ever (TRUELINK_DUPLICATE after)', async () => {
    const p = await player();
    const other = await player();
    const { link } = await issueVoucher(100);
    expect((await p.send(sealed(link))).json()).toEqual({ message: 'SUCCESS', amount: 100 });
    // A fresh encryption of the same link, by the same player and by another.
    expectRefused(await p.send(sealed(link)), 'TRUELINK_DUPLICATE');
    expectRefused(await other.send(sealed(link)), 'TRUELINK_DUPLICATE');
    expect(await p.wallet()).toBe(100);
    expect(await other.wallet()).toBe(0);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('credits exactly one of several players sending the same link at the same moment', async () => {
    const players = await Promise.all([player(), player(), player(), player()]);
    const { link } = await issueVoucher(500);
    const results = await Promise.all(players.map((p) => p.send(sealed(link))));
    const messages = results.map((res) => res.json<{ message: string }>().message).sort();
    expect(messages).toEqual(['SUCCESS', 'TRUELINK_DUPLICATE', 'TRUELINK_DUPLICATE', 'TRUELINK_DUPLICATE']);
    const wallets = await Promise.all(players.map((p) => p.wallet()));
    expect(wallets.sort((a, b) => a - b)).toEqual([0, 0, 0, 500]);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with the first result and credits once', async () => {
    const p = await player();
    const { link } = await issueVoucher(42);
    const ciphertext = sealed(link);
    const first = await p.send(ciphertext, 'gift-link-key-0001');
    const again = await p.send(ciphertext, 'gift-link-key-0001');
    expect(first.json()).toEqual({ message: 'SUCCESS', amount: 42 });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await p.wallet()).toBe(42);
  });

  it('refuses anything that does not open into one of our gift links (TRUELINK_INVALID)', async () => {
    const p = await player();
    const { link } = await issueVoucher(80);
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const unknownVoucher = link.replace(/v=[0-9a-f]+/, `v=${randomBytes(16).toString('hex')}`);
    const refusals = [
      'not base64 at all!',
      randomBytes(384).toString('base64'),
      encrypt(giftLinkPlaintext(link, WALLET_NAME), otherKey.export({ type: 'spki', format: 'pem' }).toString()),
      encrypt('just the link, not JSON'),
      encrypt(JSON.stringify({ link })),
      sealed(link, '0800000000'),
      sealed('https://example.invalid/campaign/?v=0123456789abcdef0123456789abcdef'),
      sealed(link.replace('/campaign/', '/elsewhere/')),
      sealed(unknownVoucher),
    ];
    for (const ciphertext of refusals) {
      const res = await p.send(ciphertext);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'TRUELINK_INVALID', field: 'link' });
    }
    const empty = await p.send('');
    expect(empty.json()).toMatchObject({ message: 'KEY_MISSING' });
    // None of that spent the real voucher.
    expect((await p.send(sealed(link))).json()).toEqual({ message: 'SUCCESS', amount: 80 });
  });

  it('refuses a link sent to a wallet that is not a gift-link wallet', async () => {
    const p = await player();
    const { link } = await issueVoucher(30);
    await withDepositContent(
      ctx.db.kysely,
      (content) => ({ ...content, wallets: [...content.wallets, { walletAccountName: '0877777777', mode: 'AUTO' }] }),
      async () => expectRefused(await p.send(sealed(link, '0877777777')), 'TRUELINK_INVALID'),
    );
    expect(await p.wallet()).toBe(0);
  });

  it('refuses a voucher below the 2 baht minimum without spending it', async () => {
    const p = await player();
    const small = await issueVoucher(1.99);
    expectRefused(await p.send(sealed(small.link)), 'TRUELINK_INVALID');
    const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/giftlink/campaign/?v=${small.voucher}` });
    expect(page.json()).toEqual({ voucher: small.voucher, redeemed: false, amount: 1.99 });

    const minimum = await issueVoucher(2);
    expect((await p.send(sealed(minimum.link))).json()).toEqual({ message: 'SUCCESS', amount: 2 });
    const spent = await ctx.app.inject({ method: 'GET', url: `/sandbox/giftlink/campaign/?v=${minimum.voucher}` });
    expect(spent.json()).toEqual({ voucher: minimum.voucher, redeemed: true });
    expect(await p.wallet()).toBe(2);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });
});

describe('sandbox gift links', () => {
  it('are built on the configured public URL, whatever Host or forwarded headers the request names', async () => {
    const ctx = await createTestContext('sqlite', { PUBLIC_URL: 'https://wallet.example.com/' });
    try {
      const forged = await ctx.app.inject({
        method: 'POST',
        url: '/sandbox/giftlinks',
        payload: { amount: 10 },
        headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'http' },
      });
      expect(forged.json<{ link: string }>().link).toMatch(
        /^https:\/\/wallet\.example\.com\/sandbox\/giftlink\/campaign\/\?v=[0-9a-f]{32}$/,
      );
    } finally {
      await ctx.close();
    }
  });
});
