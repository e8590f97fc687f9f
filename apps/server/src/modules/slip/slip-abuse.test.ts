import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SLIP_FILE_FIELD } from '@wallet/contract/slip';
import type { SlipListResponse, SlipUploadResponse } from '@wallet/contract/statement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, registerPlayer, type TestContext, testDialects } from '../../../test/helpers.ts';
import { pngBomb } from '../../../test/png-bomb.ts';

/** Low enough for a test to reach; production's default is higher. */
const UPLOADS_PER_IP = 3;

/** Uploads that try to take the server down: image bombs, and many accounts behind one address. */
describe.each(testDialects())('slip uploads under abuse (%s)', (dialect) => {
  let ctx: TestContext;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'slip-abuse-test-'));
    ctx = await createTestContext(dialect, {
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '100000',
      SLIP_UPLOADS_PER_IP_PER_MINUTE: String(UPLOADS_PER_IP),
    });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function makeSlip(username: string, amount: number): Promise<Buffer> {
    const res = await ctx.app.inject({ method: 'POST', url: '/sandbox/slips', payload: { username, amount } });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  }

  async function player(ip: string) {
    const { phone, token } = await registerPlayer(ctx.app);
    const headers = bearer(token);
    return {
      phone,
      upload(bytes: Buffer) {
        const form = new FormData();
        form.append(SLIP_FILE_FIELD, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'slip.png');
        return ctx.app.inject({
          method: 'POST',
          url: '/api/wallet/slip',
          headers,
          remoteAddress: ip,
          payload: form as unknown as object,
        });
      },
      async slips() {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/statement/slip',
          headers,
          payload: { page: 1, limit: 10 },
        });
        return res.json<SlipListResponse>().slips;
      },
    };
  }

  it('fails a 19.5 KB PNG declaring 20,000,000×1 pixels with IMG_SIZE_UNABLE_TO_PROCESS, and keeps serving others meanwhile', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(20_000);
    // Five accounts at once, as in the report; each from its own address so only the bomb is at stake.
    const players = await Promise.all([1, 2, 3, 4, 5].map((n) => player(`198.51.100.${n}`)));
    const answered: string[] = [];
    const uploads = players.map((p) =>
      p.upload(bomb).then((res) => {
        answered.push('upload');
        return res;
      }),
    );
    const lookup = ctx.app.inject({ method: 'GET', url: '/api/lookup/info' }).then((res) => {
      answered.push('lookup');
      return res;
    });
    expect((await lookup).statusCode).toBe(200);
    for (const res of await Promise.all(uploads)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<SlipUploadResponse>().slip).toMatchObject({
        status: 'failed',
        note: 'IMG_SIZE_UNABLE_TO_PROCESS',
      });
    }
    // The light request was not stuck behind the decoding of the uploads.
    expect(answered.indexOf('lookup')).toBeLessThan(answered.length - 1);
  });

  it('answers REQUEST_LIMIT_1MIN past the per-address limit, however many players share the address', async () => {
    const sharedIp = '203.0.113.7';
    const players = await Promise.all(Array.from({ length: UPLOADS_PER_IP + 1 }, () => player(sharedIp)));
    const slips = await Promise.all(players.map((p) => makeSlip(p.phone, 10)));
    for (let i = 0; i < UPLOADS_PER_IP; i++) {
      const res = await (players[i] as (typeof players)[number]).upload(slips[i] as Buffer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<SlipUploadResponse>().slip.status).toBe('success');
    }
    const last = players[UPLOADS_PER_IP] as (typeof players)[number];
    const refused = await last.upload(slips[UPLOADS_PER_IP] as Buffer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    expect(await last.slips()).toEqual([]);

    // A player at another address is not held back by the crowd at the first one.
    const elsewhere = await player('203.0.113.8');
    const own = await makeSlip(elsewhere.phone, 12);
    const res = await elsewhere.upload(own);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SlipUploadResponse>().slip.status).toBe('success');
  });
});
