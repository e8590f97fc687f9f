import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  fundWallet,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { up } from './009-bank-reference-case.ts';

describe.each(testDialects())('migration 009: bank references in capitals (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  /** Three credited bank transfers, their references then spelt as an older server may have kept them. */
  async function claimsSpelt(spellings: string[]) {
    const { phone } = await registerPlayer(ctx.app);
    for (const _ of spellings) await fundWallet(ctx.app, phone, 10);
    const transfers = await ctx.db.kysely
      .selectFrom('bank_transfers')
      .select(['id', 'reference'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(spellings.length)
      .execute();
    for (const [i, transfer] of transfers.entries()) {
      const spelt = spellings[i] as string;
      await ctx.db.kysely
        .updateTable('deposit_references')
        .set({ reference: `bank:${spelt}` })
        .where('reference', '=', `bank:${transfer.reference}`)
        .execute();
      await ctx.db.kysely
        .updateTable('bank_transfers')
        .set({ reference: spelt })
        .where('id', '=', transfer.id)
        .execute();
    }
  }

  it('capitalises old spellings, and leaves both of a pair that would collide', async () => {
    const stamp = Date.now().toString(36);
    await claimsSpelt([`old${stamp}a`, `twin${stamp}`, `TWIN${stamp}`]);
    await up(ctx.db.kysely, dialect);
    const claims = (await ctx.db.kysely.selectFrom('deposit_references').select('reference').execute()).map(
      (row) => row.reference,
    );
    expect(claims).toContain(`bank:OLD${stamp.toUpperCase()}A`);
    expect(claims).not.toContain(`bank:old${stamp}a`);
    expect(claims).toEqual(expect.arrayContaining([`bank:twin${stamp}`, `bank:TWIN${stamp}`]));
    const references = (await ctx.db.kysely.selectFrom('bank_transfers').select('reference').execute()).map(
      (row) => row.reference,
    );
    expect(references).toEqual(expect.arrayContaining([`OLD${stamp.toUpperCase()}A`, `twin${stamp}`, `TWIN${stamp}`]));
    expect(references).not.toContain(`old${stamp}a`);
  });
});
