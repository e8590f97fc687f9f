import { slipVerify as buildMiniQr } from 'promptparse/generate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { createEasySlipVerifier } from './easyslip-slip-verify.ts';
import { type FakeSlipVendor, type FakeVendorKind, startFakeSlipVendor } from './fake-slip-vendors.ts';
import { createSandboxSlipVerifier } from './sandbox-slip-verify.ts';
import {
  accountMatches,
  maskAccountNo,
  type SlipTransfer,
  type SlipVerifyProvider,
  SlipVerifyUnavailable,
} from './slip-verify-provider.ts';
import { createSlipOkVerifier } from './slipok-slip-verify.ts';
import type { VendorHttpOptions } from './vendor-http.ts';

/**
 * The slip-verify seam's conformance suite: every verifier (the sandbox bank and each vendor adapter,
 * the latter against a local fake speaking the vendor's protocol) must pass it. A new verifier adds a
 * harness below (docs/slip-verifiers.md).
 */

const API_KEY = 'test-vendor-key-9f3b7c1e5a';
const BRANCH_ID = '12345';
/** Whole seconds: vendors report transfer times to the second. */
const TRANSFERRED_AT = Date.UTC(2026, 0, 15, 3, 4, 5);

let counter = 0;
function newTransfer(): SlipTransfer & { sendingBankId: string; fullSender: string; fullReceiver: string } {
  counter += 1;
  const fullSender = `12345${String(counter).padStart(5, '0')}`;
  const fullReceiver = '9876543210';
  return {
    reference: `2026011512345REF${String(counter).padStart(6, '0')}`,
    sendingBankId: '014',
    amount: 1_500_25,
    transferredAt: TRANSFERRED_AT,
    sender: { bankCode: 'SCB', accountNo: fullSender },
    receiver: { bankCode: 'KBANK', accountNo: fullReceiver },
    fullSender,
    fullReceiver,
  };
}
type KnownTransfer = ReturnType<typeof newTransfer>;

const payloadOf = (t: { sendingBankId: string; reference: string }) =>
  buildMiniQr({ sendingBank: t.sendingBankId, transRef: t.reference });
const queryOf = (t: KnownTransfer) => ({
  sendingBankId: t.sendingBankId,
  reference: t.reference,
  payload: payloadOf(t),
});

interface Harness {
  verifier: SlipVerifyProvider;
  know(transfer: KnownTransfer): Promise<void>;
  /** The verifier's service is down for the next call(s). */
  breakDown(): void;
  heal(): void;
  close(): Promise<void>;
}

/** Transfers the fake vendors know, as the banks report them (account numbers masked). */
function vendorBook() {
  const known = new Map<string, SlipTransfer>();
  return {
    know(t: KnownTransfer) {
      known.set(`${t.sendingBankId}/${t.reference}`, {
        reference: t.reference,
        amount: t.amount,
        transferredAt: t.transferredAt,
        sender: { bankCode: t.sender.bankCode, accountNo: maskAccountNo(t.fullSender) },
        receiver: { bankCode: t.receiver.bankCode, accountNo: maskAccountNo(t.fullReceiver) },
      });
    },
    find: async (bankId: string, reference: string) => known.get(`${bankId}/${reference}`) ?? null,
  };
}

const sleeps: number[] = [];
const FAST_HTTP: VendorHttpOptions = {
  timeoutMs: 300,
  retries: 2,
  backoffMs: 10,
  sleep: async (ms) => {
    sleeps.push(ms);
  },
};

function adapterFor(kind: FakeVendorKind, url: string, apiKey = API_KEY): SlipVerifyProvider {
  return kind === 'slipok'
    ? createSlipOkVerifier({ apiUrl: url, apiKey, branchId: BRANCH_ID }, FAST_HTTP)
    : createEasySlipVerifier({ apiUrl: url, apiKey }, FAST_HTTP);
}

async function vendorHarness(kind: FakeVendorKind): Promise<Harness & { fake: FakeSlipVendor }> {
  const book = vendorBook();
  const fake = await startFakeSlipVendor(kind, {
    apiKey: API_KEY,
    branchId: BRANCH_ID,
    find: book.find,
    slowMs: 1_000,
  });
  return {
    fake,
    verifier: adapterFor(kind, fake.url),
    know: async (t) => book.know(t),
    breakDown: () => {
      fake.fault = 'down';
    },
    heal: () => {
      fake.fault = undefined;
    },
    close: () => fake.close(),
  };
}

let sandboxDb: TestDatabase;
beforeAll(async () => {
  sandboxDb = await openTestDatabase('sqlite', 'slipconf');
});
afterAll(async () => {
  await sandboxDb.drop();
});

const HARNESSES: Record<string, () => Promise<Harness>> = {
  sandbox: async () => {
    const sandbox = createSandboxSlipVerifier(sandboxDb.db.kysely, manualClock());
    return {
      verifier: sandbox,
      know: (t) =>
        sandbox.recordTransfer({
          ...t,
          sender: { bankCode: t.sender.bankCode, accountNo: t.fullSender },
          receiver: { bankCode: t.receiver.bankCode, accountNo: t.fullReceiver },
        }),
      breakDown: () => sandbox.failNext(1),
      heal: () => sandbox.clearFaults(),
      close: async () => {},
    };
  },
  slipok: () => vendorHarness('slipok'),
  easyslip: () => vendorHarness('easyslip'),
};

describe.each(Object.keys(HARNESSES))('the slip-verify seam: %s', (name) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await (HARNESSES[name] as () => Promise<Harness>)();
  });
  afterAll(() => harness.close());

  it('reports a transfer the bank knows: reference, amount, time and both accounts (masked)', async () => {
    const t = newTransfer();
    await harness.know(t);
    const found = await harness.verifier.lookup(queryOf(t));
    expect(found).toMatchObject({ reference: t.reference, amount: t.amount, transferredAt: t.transferredAt });
    expect(found?.sender.bankCode).toBe('SCB');
    expect(found?.receiver.bankCode).toBe('KBANK');
    expect(accountMatches(found?.sender.accountNo ?? '', t.fullSender)).toBe(true);
    expect(accountMatches(found?.receiver.accountNo ?? '', t.fullReceiver)).toBe(true);
    expect(harness.verifier.name).toBe(name);
  });

  it('answers null for a transfer the bank does not know', async () => {
    expect(await harness.verifier.lookup(queryOf(newTransfer()))).toBeNull();
  });

  it('says "unavailable" (never null, never a transfer) while its service is down, and answers again after', async () => {
    const t = newTransfer();
    await harness.know(t);
    harness.breakDown();
    await expect(harness.verifier.lookup(queryOf(t))).rejects.toBeInstanceOf(SlipVerifyUnavailable);
    harness.heal();
    expect((await harness.verifier.lookup(queryOf(t)))?.reference).toBe(t.reference);
  });
});

describe.each(['slipok', 'easyslip'] as const)('the %s adapter against its fake', (kind) => {
  let harness: Awaited<ReturnType<typeof vendorHarness>>;
  beforeAll(async () => {
    harness = await vendorHarness(kind);
  });
  afterAll(() => harness.close());
  const fake = () => harness.fake;
  const lastRequest = () => fake().requests.at(-1);
  async function unavailable(call: Promise<unknown>): Promise<string> {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SlipVerifyUnavailable);
    const message = (error as Error).message;
    expect(message).not.toContain(API_KEY);
    return message;
  }

  it('sends exactly the documented request: path, method, auth header and the mini QR text', async () => {
    const t = newTransfer();
    await harness.know(t);
    await harness.verifier.lookup(queryOf(t));
    const request = lastRequest();
    expect(request?.method).toBe('POST');
    expect(request?.contentType).toMatch(/^application\/json/);
    if (kind === 'slipok') {
      expect(request?.path).toBe(`/api/line/apikey/${BRANCH_ID}`);
      expect(request?.headers['x-authorization']).toBe(API_KEY);
      expect(request?.headers.authorization).toBeUndefined();
      // No `log`: SlipOK's own duplicate check stays off; the deposit-reference registry decides.
      expect(request?.json).toEqual({ data: payloadOf(t) });
    } else {
      expect(request?.path).toBe('/v2/verify/bank');
      expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(request?.json).toEqual({ payload: payloadOf(t) });
    }
  });

  it('sends the image as multipart when asked by image, and reads the transfer the vendor found on it', async () => {
    const t = newTransfer();
    await harness.know(t);
    const image = { bytes: Buffer.from('\x89PNG\r\n\x1a\nnot really'), contentType: 'image/png' };
    fake().imageShows = undefined;
    expect(await harness.verifier.lookupImage?.(image)).toBeNull();
    fake().imageShows = { sendingBankId: t.sendingBankId, reference: t.reference };
    expect((await harness.verifier.lookupImage?.(image))?.reference).toBe(t.reference);
    fake().imageShows = undefined;
    const request = lastRequest();
    expect(request?.contentType).toMatch(/^multipart\/form-data/);
    expect(request?.files).toEqual([
      { field: kind === 'slipok' ? 'files' : 'image', type: 'image/png', size: image.bytes.length },
    ]);
  });

  it('answers null for a code that is not a slip', async () => {
    expect(
      await harness.verifier.lookup({ sendingBankId: '014', reference: 'NOPE000001', payload: 'not-a-slip' }),
    ).toBeNull();
  });

  it('reads the transfer even when the vendor calls the slip a duplicate: our registry decides', async () => {
    const t = newTransfer();
    await harness.know(t);
    fake().fault = 'duplicate';
    try {
      expect((await harness.verifier.lookup(queryOf(t)))?.amount).toBe(t.amount);
    } finally {
      fake().fault = undefined;
    }
  });

  it.each([
    ['down', 3, /HTTP 50\d/],
    ['rate-limit', 3, /rate limited/],
    ['slow', 3, /no answer within 300 ms/],
    ['garbage', 1, /not JSON/],
    ['quota', 1, /quota exceeded/],
  ] as const)(
    '%s: unavailable after %i request(s), retrying only what is safe with doubling waits',
    async (fault, requests, why) => {
      const t = newTransfer();
      await harness.know(t);
      fake().fault = fault;
      const before = fake().requests.length;
      sleeps.length = 0;
      try {
        expect(await unavailable(harness.verifier.lookup(queryOf(t)))).toMatch(why);
      } finally {
        fake().fault = undefined;
      }
      expect(fake().requests.length - before).toBe(requests);
      expect(sleeps).toEqual(requests === 3 ? [10, 20] : []);
    },
  );

  it('a refused key is unavailable (the operator must fix it), and the key never appears in the reason', async () => {
    const t = newTransfer();
    await harness.know(t);
    const wrong = adapterFor(kind, fake().url, 'wrong-key-0000000000');
    expect(await unavailable(wrong.lookup(queryOf(t)))).toMatch(/API key refused/);
  });

  it('an unreachable vendor is unavailable', async () => {
    const closed = adapterFor(kind, 'http://127.0.0.1:9');
    expect(await unavailable(closed.lookup(queryOf(newTransfer())))).toMatch(/could not connect/);
  });
});

describe('slip verifier configuration', () => {
  const base = { NODE_ENV: 'test' };
  it('is the sandbox by default, with the vendors at their own addresses', () => {
    const config = loadConfig(base);
    expect(config.slipVerifier).toEqual({ kind: 'sandbox' });
    const slipok = loadConfig({
      ...base,
      SLIP_VERIFIER: 'slipok',
      SLIPOK_API_KEY: API_KEY,
      SLIPOK_BRANCH_ID: BRANCH_ID,
    });
    expect(slipok.slipVerifier).toMatchObject({
      kind: 'slipok',
      apiUrl: 'https://api.slipok.com',
      branchId: BRANCH_ID,
    });
    const easy = loadConfig({ ...base, SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: API_KEY });
    expect(easy.slipVerifier).toMatchObject({ kind: 'easyslip', apiUrl: 'https://api.easyslip.com/v2' });
  });

  it.each([
    [{ SLIP_VERIFIER: 'slipok' }, /SLIPOK_API_KEY: required with SLIP_VERIFIER=slipok[\s\S]*SLIPOK_BRANCH_ID/],
    [{ SLIP_VERIFIER: 'slipok', SLIPOK_API_KEY: API_KEY }, /SLIPOK_BRANCH_ID: required/],
    [{ SLIP_VERIFIER: 'easyslip', SLIPOK_API_KEY: API_KEY }, /EASYSLIP_API_KEY: required with SLIP_VERIFIER=easyslip/],
    [{ SLIP_VERIFIER: 'slip2go' }, /SLIP_VERIFIER/],
  ])('refuses to start with %o', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain(API_KEY);
    }
  });
});

// The desk compares this name with the registered account names of the players a masked sender fits
// (SPEC §8 AMBIGUOUS_SENDER); only the vendors report it, the sandbox bank takes it from its own records.
describe.each(['slipok', 'easyslip'])("the slip-verify seam: %s reports the sender's name", (name) => {
  it('as the bank shows it, Thai first', async () => {
    const harness = await (HARNESSES[name] as () => Promise<Harness>)();
    try {
      const t = newTransfer();
      await harness.know(t);
      const found = await harness.verifier.lookup(queryOf(t));
      expect(found?.sender.name).toBe('นาย ทดสอบ ส');
    } finally {
      await harness.close();
    }
  });
});
