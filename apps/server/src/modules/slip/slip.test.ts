import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SLIP_FILE_FIELD } from '@wallet/contract/slip';
import type { SlipOperatorView } from '@wallet/contract/slip-operator';
import type {
  Slip,
  SlipListResponse,
  SlipReferenceResponse,
  SlipUploadResponse,
  StatementListResponse,
} from '@wallet/contract/statement';
import type { WalletResponse } from '@wallet/contract/wallet';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ownerLogin } from '../../../test/backoffice-helpers.ts';
import { bearer, createTestContext, registerPlayer, type TestContext, testDialects } from '../../../test/helpers.ts';
import { createDomainEvents } from '../../events/domain-events.ts';
import { checkLedger } from '../../ledger/check.ts';
import { createSystemAccounts, SYSTEM_KINDS } from '../../ledger/ledger.ts';
import { orderedId } from '../../lib/ids.ts';
import { createImageDecoder } from '../../lib/image-decoder/image-decoder.ts';
import { createDepositService } from '../../money/deposit-crediting.ts';
import { createSandboxSlipVerifier } from '../../providers/slip-verify/sandbox-slip-verify.ts';
import { createProtection } from '../protection/protection.service.ts';
import { insertSlipIfAllowed } from './slip.repo.ts';
import { createSlipService } from './slip.service.ts';
import { createSlipImageLinks } from './slip-image-links.ts';
import { createSlipStorage } from './slip-storage.ts';

const MINUTE = 60_000;
/** The background sweep runs every second; a loaded CI machine can take several rounds to get to it. */
const SWEEP_WAIT_MS = 30_000;
/** Bangkok is UTC+7: 16:55 UTC is 23:55 in Bangkok. */
const BANGKOK_2355 = Date.UTC(2026, 0, 15, 16, 55);
const OPERATOR_KBANK_ACCOUNT = '1234567890';

type MakeSlip = {
  username?: string;
  fromBankCode?: string;
  fromAccountNo?: string;
  toBankCode?: string;
  toAccountNo?: string;
  amount: number;
  transferredAt?: string;
  reference?: string;
  qr?: 'valid' | 'broken' | 'none';
  knownToBank?: boolean;
};

describe.each(testDialects())('transfer slips (%s)', (dialect) => {
  let ctx: TestContext;
  let dataDir: string;
  /** The image decoder of the slip services made below, as another server instance has its own. */
  const images = createImageDecoder();
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'slip-test-'));
    // Every upload here comes from one address; slip-abuse.test.ts tests the per-address limit.
    ctx = await createTestContext(dialect, {
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '100000',
      SLIP_UPLOADS_PER_IP_PER_MINUTE: '100000',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await images.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const slipsDir = () => join(dataDir, 'uploads', 'slips');
  const storedFiles = () => {
    try {
      return readdirSync(slipsDir());
    } catch {
      return [];
    }
  };
  /** Each upload needs the player's once-a-minute allowance; tests move the clock rather than wait. */
  const nextMinute = () => ctx.clock.advance(MINUTE + 1);

  async function makeSlip(body: MakeSlip): Promise<{ png: Buffer; reference: string }> {
    const res = await ctx.app.inject({ method: 'POST', url: '/sandbox/slips', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    return { png: res.rawPayload, reference: String(res.headers['x-slip-reference']) };
  }

  function form(bytes: Buffer, options: { field?: string; filename?: string; type?: string } = {}) {
    const data = new FormData();
    data.append(
      options.field ?? SLIP_FILE_FIELD,
      new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
      options.filename ?? 'slip.png',
    );
    return data;
  }

  async function player(overrides: { bankCode?: string; bankAccountNo?: string } = {}) {
    const { phone, token, payload } = await registerPlayer(ctx.app, overrides);
    const headers = bearer(token);
    const upload = (body: FormData | object | string, extra: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/wallet/slip',
        headers: { ...headers, ...extra },
        payload: body as object,
      });
    return {
      phone,
      token,
      accountNo: payload.bankAccountNo as string,
      upload,
      uploadImage: async (bytes: Buffer) => {
        const res = await upload(form(bytes));
        expect(res.statusCode, res.body).toBe(200);
        return res.json<SlipUploadResponse>();
      },
      list: async (page = 1, limit = 10) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/statement/slip',
          headers,
          payload: { page, limit },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<SlipListResponse>();
      },
      wallet: async () =>
        (await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers })).json<WalletResponse>().wallet.amount,
      statements: async () =>
        (
          await ctx.app.inject({ method: 'POST', url: '/api/statement', headers, payload: { page: 1, limit: 50 } })
        ).json<StatementListResponse>().statements,
      referenceUrl: (reference: string) =>
        ctx.app.inject({ method: 'GET', url: `/api/statement/slip/reference/${reference}`, headers }),
    };
  }

  async function expectLedgerHealthy() {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }

  function bankFeedDeposits() {
    const db = ctx.db.kysely;
    return createDepositService({
      db,
      clock: ctx.clock,
      systemAccount: createSystemAccounts(db),
      events: createDomainEvents(() => {}),
    });
  }

  /** The slip service as another server instance on the same database would run it. */
  function otherInstance() {
    const db = ctx.db.kysely;
    return createSlipService({
      db,
      clock: ctx.clock,
      deposits: bankFeedDeposits(),
      verifier: createSandboxSlipVerifier(db, ctx.clock),
      storage: createSlipStorage(join(dataDir, 'uploads')),
      links: createSlipImageLinks('another instance', ctx.clock),
      images,
      restrictions: createProtection({ db, dialect: ctx.db.dialect, clock: ctx.clock }).restrictions,
      logError(error) {
        throw error;
      },
    });
  }

  describe('a good slip', () => {
    it('credits the wallet once, lists the slip as success and books a deposit statement', async () => {
      const p = await player();
      const { png, reference } = await makeSlip({ username: p.phone, amount: 1500.25 });

      const body = await p.uploadImage(png);
      expect(body.message).toBe('SUCCESS');
      expect(body.slip).toMatchObject({ status: 'success', note: null, amount: 1500.25, reference });
      expect(await p.wallet()).toBe(1500.25);

      const listed = await p.list();
      expect(listed.total).toBe(1);
      expect(listed.slips[0]).toMatchObject({ status: 'success', amount: 1500.25, reference, note: null });
      const statements = await p.statements();
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatchObject({
        statementType: 'deposit',
        from: 'SCB',
        to: 'WALLET',
        amount: 1500.25,
        status: 'SUCCESS',
      });
      expect(storedFiles()).toContain(`${(await findSlipId(reference)) ?? ''}.png`);
      await expectLedgerHealthy();
    });

    it('reads a JPEG slip as well as a PNG', async () => {
      const p = await player();
      const { png } = await makeSlip({ username: p.phone, amount: 42 });
      const decoded = PNG.sync.read(png);
      const jpg = jpeg.encode({ width: decoded.width, height: decoded.height, data: decoded.data }, 95).data;
      const res = await p.upload(form(jpg, { filename: 'slip.jpg', type: 'image/jpeg' }));
      expect(res.json<SlipUploadResponse>().slip).toMatchObject({ status: 'success', amount: 42 });
      expect(await p.wallet()).toBe(42);
      await expectLedgerHealthy();
    });

    it('replays a repeated Idempotency-Key without a second slip', async () => {
      const p = await player();
      const { png } = await makeSlip({ username: p.phone, amount: 10 });
      const key = { 'idempotency-key': 'slip-upload-key-0001' };
      const first = await p.upload(form(png), key);
      const again = await p.upload(form(png), key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replay']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect((await p.list()).total).toBe(1);
      expect(await p.wallet()).toBe(10);
    });
  });

  async function findSlipId(reference: string): Promise<string | undefined> {
    const row = await ctx.db.kysely
      .selectFrom('slips')
      .select('id')
      .where('reference', '=', reference)
      .orderBy('created_at')
      .executeTakeFirst();
    return row?.id;
  }

  describe('duplicates', () => {
    it('fails the same slip uploaded again with SLIP_REFNO_DUPLICATED and credits once', async () => {
      const p = await player();
      const { png, reference } = await makeSlip({ username: p.phone, amount: 300 });
      expect((await p.uploadImage(png)).slip.status).toBe('success');
      nextMinute();
      const second = await p.uploadImage(png);
      expect(second.message).toBe('OK');
      expect(second.slip).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED', reference });
      expect(await p.wallet()).toBe(300);
      expect((await p.list()).slips.map((s) => s.status)).toEqual(['failed', 'success']);
      await expectLedgerHealthy();
    });

    it('lets only one of two simultaneous uploads by a player through', async () => {
      const p = await player();
      const { png } = await makeSlip({ username: p.phone, amount: 77 });
      const before = storedFiles().length;
      const answers = await Promise.all([p.upload(form(png)), p.upload(form(png))]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
      expect(answers.find((a) => a.statusCode === 429)?.json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
      // The refused twin's image is not kept.
      expect(storedFiles()).toHaveLength(before + 1);
      expect(await p.wallet()).toBe(77);
      expect((await p.list()).total).toBe(1);
      await expectLedgerHealthy();
    });

    it('credits once when two slips of one transfer are verified at the same moment', async () => {
      const p = await player();
      const { reference } = await makeSlip({ username: p.phone, amount: 250 });
      const userId = await userIdOf(p.phone);
      const now = ctx.clock.now();
      const ids = [orderedId(now), orderedId(now)];
      for (const id of ids) {
        // Two uploads already past their QR reading, both due: whichever instance picks them up races.
        await insertSlipIfAllowed(
          ctx.db.kysely,
          { id, userId, fileName: `${id}.png`, contentType: 'image/png', fileSize: 1, leaseUntil: now, now },
          0,
        );
        await ctx.db.kysely
          .updateTable('slips')
          .set({ reference, sending_bank: '014', attempts: 0 })
          .where('id', '=', id)
          .execute();
      }
      // Two more server instances sweep at once, beside the app's own.
      await Promise.all([otherInstance().retryDue(), otherInstance().retryDue()]);
      await vi.waitFor(
        async () => {
          const rows = await ctx.db.kysely
            .selectFrom('slips')
            .select(['status', 'note'])
            .where('id', 'in', ids)
            .execute();
          expect(rows.map((r) => `${r.status}:${r.note}`).sort()).toEqual([
            'failed:SLIP_REFNO_DUPLICATED',
            'success:null',
          ]);
        },
        { timeout: SWEEP_WAIT_MS, interval: 100 },
      );
      expect(await p.wallet()).toBe(250);
      await expectLedgerHealthy();
    });

    it('refuses a slip whose transfer the bank feed already credited', async () => {
      const p = await player();
      const { png, reference } = await makeSlip({ username: p.phone, amount: 500 });
      const fed = await bankFeedDeposits().credit({
        userId: await userIdOf(p.phone),
        amount: 500_00,
        fromCode: 'SCB',
        source: { kind: SYSTEM_KINDS.bankClearing, providerCode: '' },
        reference: `bank:${reference}`,
      });
      expect(fed.credited).toBe(true);
      const body = await p.uploadImage(png);
      expect(body.slip).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED' });
      expect(await p.wallet()).toBe(500);
      await expectLedgerHealthy();
    });
  });

  async function userIdOf(username: string): Promise<string> {
    const row = await ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  describe('files that are not slip images', () => {
    it('refuses a renamed PDF and a text file with SLIP_INVALID_FILE and stores nothing', async () => {
      const p = await player();
      const before = storedFiles().length;
      const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
      const text = Buffer.from('this is my slip, honest\n');
      for (const bytes of [pdf, text]) {
        const res = await p.upload(form(bytes, { filename: 'slip.png', type: 'image/png' }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'SLIP_INVALID_FILE' });
      }
      const empty = await p.upload(form(Buffer.alloc(0)));
      expect(empty.json()).toEqual({ message: 'SLIP_INVALID_FILE' });
      expect((await p.list()).total).toBe(0);
      expect(storedFiles()).toHaveLength(before);
      // A refused file does not use up the once-a-minute allowance.
      const { png } = await makeSlip({ username: p.phone, amount: 5 });
      expect((await p.uploadImage(png)).slip.status).toBe('success');
    });

    it('refuses an image over 10 MB with SLIP_INVALID_FILE, cleanly', async () => {
      const p = await player();
      const before = storedFiles().length;
      const { png } = await makeSlip({ username: p.phone, amount: 5 });
      const huge = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]);
      const res = await p.upload(form(huge));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'SLIP_INVALID_FILE' });
      expect((await p.list()).total).toBe(0);
      expect(storedFiles()).toHaveLength(before);
      // The server is fine afterwards, and the player may upload at once.
      expect((await p.uploadImage(png)).slip.status).toBe('success');
    });

    it('answers SLIP_NO_FILE without a file, with JSON, or with the image in another field', async () => {
      const p = await player();
      const onlyText = new FormData();
      onlyText.append('note', 'hello');
      const { png } = await makeSlip({ username: p.phone, amount: 5 });
      for (const body of [onlyText, { file: 'not a file' }, form(png, { field: 'image' })]) {
        const res = await p.upload(body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'SLIP_NO_FILE' });
      }
      expect((await p.list()).total).toBe(0);
    });

    it('refuses two files in one upload, and a garbled or cut-off form', async () => {
      const p = await player();
      const before = storedFiles().length;
      const { png } = await makeSlip({ username: p.phone, amount: 5 });
      const twoFiles = form(png);
      twoFiles.append(SLIP_FILE_FIELD, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'again.png');
      const two = await p.upload(twoFiles);
      expect(two.statusCode).toBe(400);
      expect(two.json()).toEqual({ message: 'SLIP_INVALID_FILE' });
      const cutOff = await p.upload(
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
        { 'content-type': 'multipart/form-data; boundary=xyz' },
      );
      expect(cutOff.statusCode).toBe(400);
      expect(cutOff.json()).toEqual({ message: 'SLIP_UPLOAD_FAIL' });
      const noBoundary = await p.upload('garbage', { 'content-type': 'multipart/form-data' });
      expect(noBoundary.statusCode).toBe(400);
      expect(noBoundary.json()).toEqual({ message: 'SLIP_UPLOAD_FAIL' });
      expect((await p.list()).total).toBe(0);
      expect(storedFiles()).toHaveLength(before);
    });

    it('answers 401 without a token', async () => {
      const { png } = await makeSlip({ fromBankCode: 'SCB', fromAccountNo: '1112223334', amount: 5 });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/wallet/slip', payload: form(png) });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('slips that fail verification', () => {
    async function outcome(make: (phone: string) => MakeSlip | Promise<Buffer>) {
      const p = await player();
      const made = await make(p.phone);
      const png = Buffer.isBuffer(made) ? made : (await makeSlip(made)).png;
      const body = await p.uploadImage(png);
      expect(body.message).toBe('OK');
      expect(await p.wallet()).toBe(0);
      expect((await p.list()).slips[0]).toEqual(body.slip);
      return body.slip;
    }

    it('INVALID_SLIP for an image without a QR code, or a transfer the bank does not know', async () => {
      expect(await outcome((username) => ({ username, amount: 100, qr: 'none' }))).toMatchObject({
        status: 'failed',
        note: 'INVALID_SLIP',
        amount: 0,
      });
      expect(await outcome((username) => ({ username, amount: 100, knownToBank: false }))).toMatchObject({
        status: 'failed',
        note: 'INVALID_SLIP',
      });
    });

    it('UNSTABLE_REFNO_ON_SLIP for a mini QR with a wrong checksum', async () => {
      expect(await outcome((username) => ({ username, amount: 100, qr: 'broken' }))).toMatchObject({
        status: 'failed',
        note: 'UNSTABLE_REFNO_ON_SLIP',
      });
    });

    it('CANNOT_READ_CROPPED_IMAGE for a damaged image, IMG_SIZE_UNABLE_TO_PROCESS for a gigantic one', async () => {
      const damaged = async () => {
        const { png } = await makeSlip({ fromBankCode: 'SCB', fromAccountNo: '1112223334', amount: 5 });
        return png.subarray(0, 2000);
      };
      expect(await outcome(damaged)).toMatchObject({ status: 'failed', note: 'CANNOT_READ_CROPPED_IMAGE' });
      const gigantic = async () => {
        const header = Buffer.from(PNG.sync.write(new PNG({ width: 1, height: 1 })));
        header.writeUInt32BE(30_000, 16);
        header.writeUInt32BE(30_000, 20);
        return header;
      };
      expect(await outcome(gigantic)).toMatchObject({ status: 'failed', note: 'IMG_SIZE_UNABLE_TO_PROCESS' });
    });

    it('DEST_ACC_INVALID when the money went to an account that is not the operator’s', async () => {
      const slip = await outcome((username) => ({
        username,
        amount: 900,
        toBankCode: 'KBANK',
        toAccountNo: '5555555555',
      }));
      expect(slip).toMatchObject({ status: 'failed', note: 'DEST_ACC_INVALID', amount: 900 });
      // The operator's account number at another bank is not the operator's account either.
      expect(
        await outcome((username) => ({
          username,
          amount: 900,
          toBankCode: 'BBL',
          toAccountNo: OPERATOR_KBANK_ACCOUNT,
        })),
      ).toMatchObject({ note: 'DEST_ACC_INVALID' });
    });

    it('NOT_MATCH when the money came from another account than the registered one', async () => {
      expect(await outcome((username) => ({ username, amount: 50, fromAccountNo: '9990001112' }))).toMatchObject({
        status: 'failed',
        note: 'NOT_MATCH',
        amount: 50,
      });
      expect(await outcome((username) => ({ username, amount: 50, fromBankCode: 'KTB' }))).toMatchObject({
        note: 'NOT_MATCH',
      });
    });

    it('EXPIRED_SLIP for a transfer more than an hour before the upload, not for one just within it', async () => {
      const at = (minutesAgo: number) => new Date(ctx.clock.now() - minutesAgo * MINUTE).toISOString();
      expect(await outcome((username) => ({ username, amount: 20, transferredAt: at(61) }))).toMatchObject({
        status: 'failed',
        note: 'EXPIRED_SLIP',
      });
      const p = await player();
      const { png } = await makeSlip({ username: p.phone, amount: 20, transferredAt: at(59) });
      expect((await p.uploadImage(png)).slip.status).toBe('success');
      await expectLedgerHealthy();
    });
  });

  describe('when uploads are refused', () => {
    it('answers REQUEST_LIMIT_1MIN to a second upload within a minute', async () => {
      const p = await player();
      const first = await makeSlip({ username: p.phone, amount: 10 });
      const second = await makeSlip({ username: p.phone, amount: 11 });
      expect((await p.uploadImage(first.png)).slip.status).toBe('success');
      ctx.clock.advance(MINUTE - 1000);
      const early = await p.upload(form(second.png));
      expect(early.statusCode).toBe(429);
      expect(early.json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
      ctx.clock.advance(1000);
      expect((await p.uploadImage(second.png)).slip.status).toBe('success');
      expect(await p.wallet()).toBe(21);
    });

    it('answers SLIP_UPLOAD_CLOSED inside the daily closed window, across midnight', async () => {
      // The clock only moves forward: to the next 23:55 in Bangkok, inside the seeded 23:50–00:10 window.
      const day = 24 * 60 * MINUTE;
      const closedAt = Math.ceil((ctx.clock.now() - BANGKOK_2355) / day) * day + BANGKOK_2355;
      ctx.clock.set(closedAt);
      const p = await player();
      const { png } = await makeSlip({ username: p.phone, amount: 10 });
      for (const at of [closedAt, closedAt + 10 * MINUTE]) {
        ctx.clock.set(at);
        const res = await p.upload(form(png));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'SLIP_UPLOAD_CLOSED' });
        expect((await ctx.app.inject({ method: 'GET', url: '/api/lookup/slip' })).json()).toEqual({ isOpen: false });
      }
      ctx.clock.set(closedAt + 15 * MINUTE);
      expect((await p.uploadImage(png)).slip.status).toBe('success');
    });
  });

  describe('the list and the image', () => {
    it('pages the player’s own slips newest first and shows no one else’s', async () => {
      const p = await player();
      const other = await player();
      const references: string[] = [];
      for (const amount of [1, 2, 3]) {
        const { png, reference } = await makeSlip({ username: p.phone, amount });
        references.push(reference);
        await p.uploadImage(png);
        nextMinute();
      }
      const first = await p.list(1, 2);
      expect(first.total).toBe(3);
      expect(first.slips.map((s) => s.reference)).toEqual([references[2], references[1]]);
      const second = await p.list(2, 2);
      expect(second.slips.map((s) => s.reference)).toEqual([references[0]]);
      expect(await other.list()).toEqual({ total: 0, slips: [] });
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/statement/slip',
        headers: bearer(p.token),
        payload: { page: 0, limit: 10 },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('shows the image to its owner by a signed link that others cannot use, tamper with or keep', async () => {
      const p = await player();
      const other = await player();
      const { png, reference } = await makeSlip({ username: p.phone, amount: 12 });
      const uploaded = await p.uploadImage(png);

      const res = await p.referenceUrl(reference);
      expect(res.statusCode).toBe(200);
      const { url } = res.json<SlipReferenceResponse>();
      const image = await ctx.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('private, no-store');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(png)).toBe(true);
      // The list's link opens the same image.
      expect((await ctx.app.inject({ method: 'GET', url: uploaded.slip.link })).rawPayload.equals(png)).toBe(true);

      expect((await other.referenceUrl(reference)).statusCode).toBe(404);
      expect((await other.referenceUrl(reference)).json()).toEqual({ message: 'NO_DATA' });
      expect((await p.referenceUrl('NOSUCHREFERENCE1')).statusCode).toBe(404);

      const parsed = new URL(url, 'http://localhost');
      const sig = parsed.searchParams.get('sig') as string;
      const tampered = [
        url.replace(`sig=${sig}`, `sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
        url.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 60_000}`),
        url.replace(parsed.pathname, `${parsed.pathname.slice(0, -1)}${parsed.pathname.endsWith('X') ? 'Y' : 'X'}`),
      ];
      for (const bad of tampered) {
        const refused = await ctx.app.inject({ method: 'GET', url: bad });
        expect([403, 404]).toContain(refused.statusCode);
        expect(refused.headers['content-type']).not.toBe('image/png');
      }
      ctx.clock.advance(11 * MINUTE);
      const expired = await ctx.app.inject({ method: 'GET', url });
      expect(expired.statusCode).toBe(403);
    });

    it('shows the image of a slip without a readable QR under the reference the list gives it', async () => {
      const p = await player();
      const { png } = await makeSlip({ username: p.phone, amount: 12, qr: 'none' });
      const slip: Slip = (await p.uploadImage(png)).slip;
      const res = await p.referenceUrl(slip.reference);
      expect(res.statusCode).toBe(200);
      const image = await ctx.app.inject({ method: 'GET', url: res.json<SlipReferenceResponse>().url });
      expect(image.rawPayload.equals(png)).toBe(true);
    });
  });

  describe('look-alike bank accounts (the digits a slip shows fit more than one player)', () => {
    async function operatorList(reference: string): Promise<SlipOperatorView[]> {
      const res = await ctx.app.inject({ method: 'GET', url: '/sandbox/slips?status=processing' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ slips: SlipOperatorView[] }>().slips.filter((slip) => slip.reference === reference);
    }
    // The operator decides at the back office's money desk: approve credits, reject needs a reason code.
    const decide = async (id: string, action: 'credit' | 'reject', payload: object = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/backoffice/money/slips/${id}/${action === 'credit' ? 'approve' : 'reject'}`,
        headers: bearer(await ownerLogin(ctx.app)),
        // A look-alike slip is credited only with the player named and a reason.
        payload:
          action === 'reject' ? { note: 'NOT_MATCH', ...payload } : { reason: 'checked with the bank', ...payload },
      });
    const decidedBy = async (id: string) =>
      (await ctx.db.kysely.selectFrom('slips').select('decided_by').where('id', '=', id).executeTakeFirstOrThrow())
        .decided_by;

    it('does not pay player B for player A’s slip when B’s account shows the same digits: both wait for the operator', async () => {
      // KBANK prints both as xxxxx6823x.
      const a = await player({ bankCode: 'KBANK', bankAccountNo: '7089968239' });
      const b = await player({ bankCode: 'KBANK', bankAccountNo: '3926568237' });
      const { png, reference } = await makeSlip({ username: a.phone, amount: 500 });

      const stolen = await b.uploadImage(png);
      expect(stolen).toMatchObject({ message: 'OK', slip: { status: 'processing', note: null, reference } });
      expect(await b.wallet()).toBe(0);
      // A's own upload is not refused as a duplicate; it is held too, since the digits fit B as well.
      const own = await a.uploadImage(png);
      expect(own).toMatchObject({ message: 'OK', slip: { status: 'processing', note: null, reference } });
      expect(await a.wallet()).toBe(0);

      const held = await operatorList(reference);
      expect(held.map((slip) => slip.username).sort()).toEqual([a.phone, b.phone].sort());
      for (const slip of held) {
        expect(slip).toMatchObject({
          status: 'processing',
          holdReason: 'AMBIGUOUS_SENDER',
          senderBankCode: 'KBANK',
          senderAccountNo: 'xxxxx6823x',
          amount: 500,
          decidedBy: null,
        });
      }
      // No automatic attempt ever takes a held slip up again.
      const due = await ctx.db.kysely
        .selectFrom('slips')
        .select('next_attempt_at')
        .where('reference', '=', reference)
        .execute();
      expect(due.map((row) => Number(row.next_attempt_at))).toEqual([Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);

      // The operator credits A's slip; B's copy of the same transfer ends as a duplicate.
      const aSlip = held.find((slip) => slip.username === a.phone) as SlipOperatorView;
      const credited = await decide(aSlip.id, 'credit', { username: a.phone });
      expect(credited.statusCode, credited.body).toBe(200);
      expect(credited.json()).toEqual({ id: aSlip.id, outcome: 'CREDITED' });
      expect(await decidedBy(aSlip.id)).toBe('admin');
      expect(await a.wallet()).toBe(500);
      expect((await a.list()).slips[0]).toMatchObject({ status: 'success', note: null, reference, amount: 500 });
      expect((await b.list()).slips[0]).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED', reference });
      expect(await b.wallet()).toBe(0);
      expect(await operatorList(reference)).toEqual([]);
      expect((await decide(aSlip.id, 'credit', { username: a.phone })).statusCode).toBe(409);
      expect(await a.wallet()).toBe(500);
      await expectLedgerHealthy();
    });

    it('credits the rightful player at once when only their account fits, even beside the same digits at another bank', async () => {
      const a = await player({ bankCode: 'KBANK', bankAccountNo: '7089968249' }); // xxxxx6824x
      const b = await player({ bankCode: 'KBANK', bankAccountNo: '3926571237' }); // xxxxx7123x
      const otherBank = await player({ bankCode: 'SCB', bankAccountNo: '3926568247' }); // xxxxx6824x at SCB
      const { png, reference } = await makeSlip({ username: a.phone, amount: 500 });
      expect((await b.uploadImage(png)).slip).toMatchObject({ status: 'failed', note: 'NOT_MATCH' });
      expect((await otherBank.uploadImage(png)).slip).toMatchObject({ status: 'failed', note: 'NOT_MATCH' });
      const own = await a.uploadImage(png);
      expect(own).toMatchObject({
        message: 'SUCCESS',
        slip: { status: 'success', note: null, reference, amount: 500 },
      });
      expect(await a.wallet()).toBe(500);
      expect(await b.wallet()).toBe(0);
      expect(await otherBank.wallet()).toBe(0);
      expect(await operatorList(reference)).toEqual([]);
      await expectLedgerHealthy();
    });

    it('lets the operator credit a held slip to the player the money came from, or reject it, once', async () => {
      const a = await player({ bankCode: 'KBANK', bankAccountNo: '7089961239' }); // xxxxx6123x
      const b = await player({ bankCode: 'KBANK', bankAccountNo: '3926561237' }); // xxxxx6123x
      const stranger = await player();
      const first = await makeSlip({ username: a.phone, amount: 120 });
      expect((await b.uploadImage(first.png)).slip.status).toBe('processing');
      const [held] = await operatorList(first.reference);
      const heldId = (held as SlipOperatorView).id;
      // Only a player whose registered account fits the transfer can be paid by it.
      expect((await decide(heldId, 'credit', { username: stranger.phone })).json()).toEqual({
        message: 'KEY_INVALID',
        field: 'username',
      });
      expect((await decide(heldId, 'credit', { username: '0000000000' })).json()).toEqual({
        message: 'NO_USER',
        field: 'username',
      });
      expect((await decide('no-such-slip', 'reject')).statusCode).toBe(404);

      // The operator finds A sent it: A is paid although B uploaded it, and B's slip fails as not B's account.
      const toA = await decide(heldId, 'credit', { username: a.phone });
      expect(toA.statusCode, toA.body).toBe(200);
      expect(toA.json()).toEqual({ id: heldId, outcome: 'CREDITED' });
      expect(await decidedBy(heldId)).toBe('admin');
      expect(await a.wallet()).toBe(120);
      expect(await b.wallet()).toBe(0);
      expect(await stranger.wallet()).toBe(0);
      expect((await a.statements())[0]).toMatchObject({ statementType: 'deposit', from: 'KBANK', amount: 120 });
      expect((await b.list()).slips[0]).toMatchObject({ status: 'failed', note: 'NOT_MATCH' });
      // The transfer is paid: A's own upload of it now is a duplicate.
      expect((await a.uploadImage(first.png)).slip).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED' });

      nextMinute();
      const second = await makeSlip({ username: a.phone, amount: 80 });
      expect((await b.uploadImage(second.png)).slip.status).toBe('processing');
      const [another] = await operatorList(second.reference);
      const anotherId = (another as SlipOperatorView).id;
      const rejected = await decide(anotherId, 'reject');
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toEqual({ id: anotherId, outcome: 'REJECTED' });
      expect((await b.list()).slips[0]).toMatchObject({ status: 'failed', note: 'NOT_MATCH' });
      expect((await decide(anotherId, 'credit', { username: a.phone })).statusCode).toBe(409);
      expect((await decide(anotherId, 'reject')).statusCode).toBe(409);
      expect(await a.wallet()).toBe(120);
      expect(await b.wallet()).toBe(0);
      await expectLedgerHealthy();
    });

    it('ends a held slip as a duplicate when the bank feed paid the transfer meanwhile', async () => {
      const a = await player({ bankCode: 'KBANK', bankAccountNo: '7089962239' }); // xxxxx6223x
      await player({ bankCode: 'KBANK', bankAccountNo: '3926562237' }); // xxxxx6223x
      const { png, reference } = await makeSlip({ username: a.phone, amount: 90 });
      expect((await a.uploadImage(png)).slip.status).toBe('processing');
      const fed = await bankFeedDeposits().credit({
        userId: await userIdOf(a.phone),
        amount: 90_00,
        fromCode: 'KBANK',
        source: { kind: SYSTEM_KINDS.bankClearing, providerCode: '' },
        reference: `bank:${reference}`,
      });
      expect(fed.credited).toBe(true);
      const [held] = await operatorList(reference);
      const decided = await decide((held as SlipOperatorView).id, 'credit', { username: a.phone });
      expect(decided.statusCode, decided.body).toBe(200);
      expect(decided.json()).toEqual({ id: (held as SlipOperatorView).id, outcome: 'DUPLICATE' });
      expect((await a.list()).slips[0]).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED' });
      expect(await a.wallet()).toBe(90);
      await expectLedgerHealthy();
    });
  });

  describe('when the bank’s slip service is down', () => {
    const fault = (times: number) =>
      ctx.app.inject({ method: 'POST', url: '/sandbox/slips/faults', payload: { times } });
    async function statusOf(p: Awaited<ReturnType<typeof player>>) {
      return (await p.list()).slips[0];
    }

    it('keeps the slip processing and credits it when a background retry gets through', async () => {
      const p = await player();
      const { png } = await makeSlip({ username: p.phone, amount: 640 });
      await fault(1);
      const body = await p.uploadImage(png);
      expect(body).toMatchObject({ message: 'OK', slip: { status: 'processing', note: null } });
      expect(await p.wallet()).toBe(0);
      ctx.clock.advance(MINUTE);
      await vi.waitFor(async () => expect((await statusOf(p))?.status).toBe('success'), {
        timeout: SWEEP_WAIT_MS,
        interval: 100,
      });
      expect(await p.wallet()).toBe(640);
      await expectLedgerHealthy();
    });

    it(
      'gives up with UNKNOW_ERROR after six failed attempts',
      async () => {
        const p = await player();
        const { png } = await makeSlip({ username: p.phone, amount: 64 });
        await fault(6);
        expect((await p.uploadImage(png)).slip.status).toBe('processing');
        for (const waitMinutes of [1, 2, 4, 8]) {
          ctx.clock.advance(waitMinutes * MINUTE);
          await vi.waitFor(
            async () => {
              const row = await ctx.db.kysely
                .selectFrom('slips')
                .select('next_attempt_at')
                .where('user_id', '=', await userIdOf(p.phone))
                .executeTakeFirstOrThrow();
              // The attempt has ended (not merely claimed) when the retry delay has doubled.
              expect(Number(row.next_attempt_at)).toBe(ctx.clock.now() + 2 * waitMinutes * MINUTE);
            },
            { timeout: SWEEP_WAIT_MS, interval: 100 },
          );
          expect((await statusOf(p))?.status).toBe('processing');
        }
        ctx.clock.advance(16 * MINUTE);
        await vi.waitFor(async () => expect((await statusOf(p))?.note).toBe('UNKNOW_ERROR'), {
          timeout: SWEEP_WAIT_MS,
          interval: 100,
        });
        expect((await statusOf(p))?.status).toBe('failed');
        expect(await p.wallet()).toBe(0);
        await ctx.app.inject({ method: 'DELETE', url: '/sandbox/slips/faults' });
      },
      5 * SWEEP_WAIT_MS,
    );

    it('leaves a slip processing for an operator when no verification service is configured', async () => {
      const p = await player();
      const { png, reference } = await makeSlip({ username: p.phone, amount: 33 });
      const db = ctx.db.kysely;
      const withoutVerifier = createSlipService({
        db,
        clock: ctx.clock,
        deposits: bankFeedDeposits(),
        verifier: undefined,
        storage: createSlipStorage(join(dataDir, 'uploads')),
        links: createSlipImageLinks('another instance', ctx.clock),
        images,
        restrictions: createProtection({ db, dialect: ctx.db.dialect, clock: ctx.clock }).restrictions,
        logError(error) {
          throw error;
        },
      });
      const slip = await withoutVerifier.upload(await userIdOf(p.phone), png);
      expect(slip).toMatchObject({ status: 'processing', reference, sending_bank: '014' });
      // Never due for an automatic attempt, so no instance's sweep picks it up.
      expect(slip.next_attempt_at).toBe(Number.MAX_SAFE_INTEGER);
      ctx.clock.advance(60 * MINUTE);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await statusOf(p))?.status).toBe('processing');
      expect(await p.wallet()).toBe(0);
    });

    it('finishes a slip that a stopped server left half-done', async () => {
      const p = await player();
      const { png } = await makeSlip({ username: p.phone, amount: 81 });
      const now = ctx.clock.now();
      const id = orderedId(now);
      // As if a server stored the upload and died before verifying it: its lease runs out, then any
      // running instance's sweep takes the slip up.
      writeFileSync(join(slipsDir(), `${id}.png`), png);
      await insertSlipIfAllowed(
        ctx.db.kysely,
        {
          id,
          userId: await userIdOf(p.phone),
          fileName: `${id}.png`,
          contentType: 'image/png',
          fileSize: png.length,
          leaseUntil: now + 2 * MINUTE,
          now,
        },
        MINUTE,
      );
      expect((await statusOf(p))?.status).toBe('processing');
      ctx.clock.advance(2 * MINUTE);
      await vi.waitFor(async () => expect((await statusOf(p))?.status).toBe('success'), {
        timeout: SWEEP_WAIT_MS,
        interval: 100,
      });
      expect(await p.wallet()).toBe(81);
      await expectLedgerHealthy();
    });
  });
});
