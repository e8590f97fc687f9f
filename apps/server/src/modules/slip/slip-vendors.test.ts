import { SLIP_FILE_FIELD } from '@wallet/contract/slip';
import type { SlipOperatorView } from '@wallet/contract/slip-operator';
import type { SlipUploadResponse } from '@wallet/contract/statement';
import type { WalletResponse } from '@wallet/contract/wallet';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, registerPlayer, type TestContext, testDialects } from '../../../test/helpers.ts';
import { checkLedger } from '../../ledger/check.ts';
import {
  type FakeSlipVendor,
  type FakeVendorKind,
  type FakeVendorOptions,
  startFakeSlipVendor,
} from '../../providers/slip-verify/fake-slip-vendors.ts';
import { createSandboxSlipVerifier } from '../../providers/slip-verify/sandbox-slip-verify.ts';
import { bankIdOfCode } from '../../providers/slip-verify/thai-bank-ids.ts';
import { SLIP_RETRY_BASE_MS } from './slip.service.ts';

/**
 * The app with a real slip vendor's adapter (SLIP_VERIFIER=slipok or easyslip) pointed at a local fake
 * of that vendor. The fake knows what the sandbox bank knows: /sandbox/slips records a transfer there
 * and draws its slip, which a player uploads as a real one.
 */
const API_KEY = 'vendor-secret-key-3c9e1a7f5b2d';
const BRANCH_ID = '40417';
const METRICS_TOKEN = 'metrics-token-for-this-test-1234';
const SWEEP_WAIT_MS = 30_000;

const vendorEnv = (kind: FakeVendorKind, url: string): Record<string, string> =>
  kind === 'slipok'
    ? { SLIP_VERIFIER: 'slipok', SLIPOK_API_URL: url, SLIPOK_API_KEY: API_KEY, SLIPOK_BRANCH_ID: BRANCH_ID }
    : { SLIP_VERIFIER: 'easyslip', EASYSLIP_API_URL: url, EASYSLIP_API_KEY: API_KEY };

const cases = testDialects().flatMap((dialect) =>
  (['slipok', 'easyslip'] as const).map((kind) => [dialect, kind] as const),
);

describe.each(cases)('slips checked by a vendor (%s, %s)', (dialect, kind) => {
  let ctx: TestContext;
  let fake: FakeSlipVendor;
  beforeAll(async () => {
    // The vendor is another company: it knows the banks' transfers, here the sandbox bank's.
    let find: FakeVendorOptions['find'] = async () => null;
    fake = await startFakeSlipVendor(kind, { apiKey: API_KEY, branchId: BRANCH_ID, find: (b, r) => find(b, r) });
    ctx = await createTestContext(dialect, {
      ...vendorEnv(kind, fake.url),
      RATE_LIMIT_PER_MINUTE: '100000',
      SLIP_UPLOADS_PER_IP_PER_MINUTE: '100000',
      METRICS_TOKEN,
    });
    const sandbox = createSandboxSlipVerifier(ctx.db.kysely, ctx.clock);
    find = (bankId, reference) => sandbox.lookup({ sendingBankId: bankId, reference, payload: '' });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  async function player() {
    const { phone, token, payload } = await registerPlayer(ctx.app);
    const headers = bearer(token);
    return {
      phone,
      sendingBankId: bankIdOfCode(String(payload.bankCode)) ?? '',
      async upload(png: Buffer) {
        const data = new FormData();
        data.append(SLIP_FILE_FIELD, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slip.png');
        const res = await ctx.app.inject({ method: 'POST', url: '/api/wallet/slip', headers, payload: data as never });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<SlipUploadResponse>().slip;
      },
      wallet: async () =>
        (await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers })).json<WalletResponse>().wallet.amount,
    };
  }

  async function makeSlip(body: Record<string, unknown>) {
    const res = await ctx.app.inject({ method: 'POST', url: '/sandbox/slips', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return { png: res.rawPayload, reference: String(res.headers['x-slip-reference']) };
  }

  async function operatorSlip(reference: string): Promise<SlipOperatorView | undefined> {
    const res = await ctx.app.inject({ method: 'GET', url: '/sandbox/slips?limit=100' });
    return res.json<{ slips: SlipOperatorView[] }>().slips.find((s) => s.reference === reference);
  }

  const nextMinute = () => ctx.clock.advance(61_000);

  it('credits a player once for a slip the vendor confirms, from the QR text the server read', async () => {
    const p = await player();
    const { png, reference } = await makeSlip({ username: p.phone, amount: 250 });
    const slip = await p.upload(png);
    expect(slip).toMatchObject({ status: 'success', amount: 250, reference });
    expect(await p.wallet()).toBe(250);
    const request = fake.requests.at(-1);
    expect(request?.contentType).toMatch(/^application\/json/);
    expect(JSON.stringify(request?.json)).toContain(reference);

    nextMinute();
    const again = await p.upload(png);
    expect(again).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED' });
    expect(await p.wallet()).toBe(250);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it("judges what the vendor reports by our rules: another receiver, an old transfer, a stranger's account", async () => {
    const p = await player();
    const elsewhere = await makeSlip({ username: p.phone, amount: 10, toBankCode: 'KBANK', toAccountNo: '5550001111' });
    expect(await p.upload(elsewhere.png)).toMatchObject({ status: 'failed', note: 'DEST_ACC_INVALID' });
    nextMinute();
    const old = new Date(ctx.clock.now() - 2 * 60 * 60_000).toISOString();
    const expired = await makeSlip({ username: p.phone, amount: 10, transferredAt: old });
    expect(await p.upload(expired.png)).toMatchObject({ status: 'failed', note: 'EXPIRED_SLIP' });
    nextMinute();
    const stranger = await makeSlip({ fromBankCode: 'BBL', fromAccountNo: '7770001111', amount: 10 });
    expect(await p.upload(stranger.png)).toMatchObject({ status: 'failed', note: 'NOT_MATCH' });
    expect(await p.wallet()).toBe(0);
  });

  it('sends the image only when the slip has no QR code the server can read', async () => {
    const p = await player();
    const { png, reference } = await makeSlip({ username: p.phone, amount: 75, qr: 'none' });
    // The fake reads no images: it is told which transfer this one shows.
    fake.imageShows = { sendingBankId: p.sendingBankId, reference };
    try {
      const slip = await p.upload(png);
      expect(slip).toMatchObject({ status: 'success', amount: 75, reference });
    } finally {
      fake.imageShows = undefined;
    }
    expect(fake.requests.at(-1)?.contentType).toMatch(/^multipart\/form-data/);
    expect(await p.wallet()).toBe(75);
  });

  it('keeps a slip processing while the vendor is down, says why, and credits it once when the sweep retries', async () => {
    const p = await player();
    const { png, reference } = await makeSlip({ username: p.phone, amount: 120.5 });
    fake.fault = 'down';
    const slip = await p.upload(png);
    expect(slip.status).toBe('processing');
    expect(await p.wallet()).toBe(0);
    const waiting = await operatorSlip(reference);
    expect(waiting?.status).toBe('processing');
    expect(waiting?.verifierError).toMatch(new RegExp(`${kind}: HTTP 50\\d`));

    fake.fault = undefined;
    ctx.clock.advance(SLIP_RETRY_BASE_MS + 1);
    await vi.waitFor(
      async () => {
        expect((await operatorSlip(reference))?.status).toBe('success');
      },
      { timeout: SWEEP_WAIT_MS, interval: 200 },
    );
    expect((await operatorSlip(reference))?.verifierError).toBeNull();
    expect(await p.wallet()).toBe(120.5);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('counts the vendor calls in /metrics, and never shows its key there or in the slips an operator sees', async () => {
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).not.toContain(API_KEY);
    // Calls and failures per provider: the outage above failed once, every other lookup answered.
    expect(metrics.body).toMatch(
      new RegExp(`wallet_provider_calls_total\\{provider="slip-verify:${kind}",method="lookup",outcome="failed"\\} 1`),
    );
    expect(metrics.body).toMatch(
      new RegExp(`wallet_provider_calls_total\\{provider="slip-verify:${kind}",method="lookupImage",outcome="ok"\\} 1`),
    );
    const listed = await ctx.app.inject({ method: 'GET', url: '/sandbox/slips?limit=100' });
    expect(listed.body).not.toContain(API_KEY);
  });
});
