import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { GiftLinkProvider, RedeemResult, VoucherState } from './gift-link-provider.ts';

/** Gift links of the sandbox provider are served by this server itself: `<origin>` + this + `?v=<code>`. */
export const SANDBOX_GIFT_LINK_PATH = '/sandbox/giftlink/campaign/';
const VOUCHER_CODE = /^[0-9a-f]{32}$/;

export interface SandboxGiftLinks extends GiftLinkProvider {
  /** Issues a new voucher of `amount` minor units; returns its code. */
  issue(amount: number): Promise<string>;
  /** The link a sender would share for a voucher, on this server's public URL (PUBLIC_URL). */
  linkFor(origin: string, voucherCode: string): string;
}

/**
 * A sandbox mobile-wallet provider: vouchers live in its own table; redeeming is one conditional
 * update, so a voucher is spent once however many redeem it at the same moment.
 */
export function createSandboxGiftLinks(deps: { db: Kysely<Database>; clock: Clock }): SandboxGiftLinks {
  const { db, clock } = deps;

  async function inspect(voucherCode: string): Promise<VoucherState> {
    const row = await db
      .selectFrom('sandbox_gift_vouchers')
      .select(['amount', 'redeemed_at'])
      .where('code', '=', voucherCode)
      .executeTakeFirst();
    if (!row) return { status: 'unknown' };
    if (row.redeemed_at !== null) return { status: 'redeemed' };
    return { status: 'available', amount: Number(row.amount) };
  }

  async function redeem(voucherCode: string, walletAccountName: string): Promise<RedeemResult> {
    const row = await db
      .updateTable('sandbox_gift_vouchers')
      .set({ redeemed_at: clock.now(), redeemed_to: walletAccountName })
      .where('code', '=', voucherCode)
      .where('redeemed_at', 'is', null)
      .returning('amount')
      .executeTakeFirst();
    if (row) return { ok: true, amount: Number(row.amount) };
    const state = await inspect(voucherCode);
    return { ok: false, reason: state.status === 'unknown' ? 'unknown' : 'redeemed' };
  }

  return {
    voucherCode(link) {
      let url: URL;
      try {
        url = new URL(link.trim());
      } catch {
        return null;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
      if (url.pathname !== SANDBOX_GIFT_LINK_PATH && `${url.pathname}/` !== SANDBOX_GIFT_LINK_PATH) return null;
      const code = url.searchParams.get('v')?.toLowerCase() ?? '';
      return VOUCHER_CODE.test(code) ? code : null;
    },
    inspect,
    redeem,
    async issue(amount) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('voucher amount must be positive');
      const code = randomBytes(16).toString('hex');
      await db
        .insertInto('sandbox_gift_vouchers')
        .values({ code, amount, redeemed_at: null, redeemed_to: null, created_at: clock.now() })
        .execute();
      return code;
    },
    linkFor(origin, voucherCode) {
      return `${origin}${SANDBOX_GIFT_LINK_PATH}?v=${voucherCode}`;
    },
  };
}
