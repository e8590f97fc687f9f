import { GIFT_LINK_MIN_DEPOSIT } from '@wallet/contract/constants';
import {
  GIFT_LINK_SOURCE,
  type GiftLinkPlaintext,
  giftLinkPlaintextSchema,
  isGiftLinkWallet,
} from '@wallet/contract/deposit';
import { fromMinor, toMinor } from '@wallet/contract/money';
import { type TruelinkResponse, truelinkPayload } from '@wallet/contract/wallet';
import type { Kysely } from 'kysely';
import { CONTENT_KEYS, type DepositContent } from '../../db/content-settings.ts';
import { type MoneyTransactions, PLAIN_TRANSACTIONS } from '../../db/money-transactions.ts';
import type { Database } from '../../db/schema.ts';
import { getSetting } from '../../db/settings.repo.ts';
import type { PlayerRestrictions } from '../../events/player-restrictions.ts';
import { playerLedgerAccounts } from '../../ledger/accounts.ts';
import { SYSTEM_KINDS } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { refused } from '../../lib/domain-error.ts';
import type { DepositService } from '../../money/deposit-crediting.ts';
import type { GiftLinkProvider } from '../../providers/payments/gift-link-provider.ts';
import {
  claimVoucher,
  markVoucherCredited,
  markVoucherUnknown,
  redeemingElsewhere,
  releaseVoucher,
} from './gift-link.repo.ts';
import type { GiftLinkKeys } from './gift-link-keys.ts';

/** How a gift-link deposit shows on the statement (its `from`): the mobile-wallet provider. */
export const GIFT_LINK_FROM_CODE = GIFT_LINK_SOURCE;
/** Gift links are baht vouchers. */
const GIFT_LINK_CURRENCY = 'THB';
const MIN_DEPOSIT_MINOR = toMinor(GIFT_LINK_MIN_DEPOSIT);

const invalid = () => refused('TRUELINK_INVALID', 'link');
const duplicate = () => refused('TRUELINK_DUPLICATE', 'link');

export function createGiftLinkService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  keys: GiftLinkKeys;
  provider: GiftLinkProvider | undefined;
  deposits: DepositService;
  /** Player protection: refused up front while restricted, and before redeeming a link over a limit. */
  restrictions: PlayerRestrictions;
}) {
  const { db, clock, keys, deposits } = deps;

  /** Opens the client's ciphertext (base64 RSA-OAEP-256 of giftLinkPlaintext); anything else is TRUELINK_INVALID. */
  async function open(ciphertext: string): Promise<GiftLinkPlaintext> {
    if (!truelinkPayload.safeParse({ link: ciphertext }).success) throw invalid();
    const plaintext = await keys.decrypt(Buffer.from(ciphertext, 'base64'));
    if (!plaintext) throw invalid();
    let json: unknown;
    try {
      json = JSON.parse(plaintext.toString('utf8'));
    } catch {
      throw invalid();
    }
    const parsed = giftLinkPlaintextSchema.safeParse(json);
    if (!parsed.success) throw invalid();
    return parsed.data;
  }

  /** Only the operator's gift-link wallets (deposit settings, mode other than AUTO) take links. */
  async function isOperatorGiftLinkWallet(walletAccountName: string): Promise<boolean> {
    const content = await getSetting<DepositContent>(db, CONTENT_KEYS.deposit);
    return (content?.wallets ?? []).some(
      (wallet) => isGiftLinkWallet(wallet) && wallet.walletAccountName === walletAccountName,
    );
  }

  /**
   * POST /api/wallet/truelink. The voucher is inspected first so a link below the 2 baht minimum
   * (SPEC §9) is refused while the player still holds it; then claimed (one claim per voucher ever),
   * redeemed into the operator's wallet account, and credited under reference `giftlink:<voucher>`.
   */
  async function redeem(
    userId: string,
    ciphertext: string,
    tx: MoneyTransactions<TruelinkResponse> = PLAIN_TRANSACTIONS,
  ): Promise<TruelinkResponse> {
    await deps.restrictions.assertAllowed(userId, 'deposit');
    const { link, walletAccountName } = await open(ciphertext);
    if (!(await isOperatorGiftLinkWallet(walletAccountName))) throw invalid();
    const { wallet } = await playerLedgerAccounts(db, userId);
    if (wallet.currency !== GIFT_LINK_CURRENCY || !deps.provider) throw refused('NO_WALLET');
    const provider = deps.provider;
    const voucherCode = provider.voucherCode(link);
    if (!voucherCode) throw invalid();

    const state = await provider.inspect(voucherCode);
    if (state.status === 'unknown') throw invalid();
    if (state.status === 'redeemed') throw duplicate();
    if (state.amount < MIN_DEPOSIT_MINOR) throw invalid();
    if (!(await claimVoucher(db, { voucherCode, userId, walletAccountName, amount: state.amount, now: clock.now() }))) {
      throw duplicate();
    }
    // Before the link is redeemed: the player still holds the money when a limit refuses it. Claimed first,
    // so links redeemed at once each count the others (read before the deposits, so a link credited
    // in between is counted twice, never missed): together they never pass a limit.
    try {
      const elsewhere = await redeemingElsewhere(db, userId, voucherCode);
      await deps.restrictions.assertDeposit(userId, state.amount + elsewhere, 'gift-link');
    } catch (error) {
      await releaseVoucher(db, voucherCode);
      throw error;
    }
    let redeemed: Awaited<ReturnType<GiftLinkProvider['redeem']>>;
    try {
      redeemed = await provider.redeem(voucherCode, walletAccountName);
    } catch (error) {
      await markVoucherUnknown(db, voucherCode, clock.now());
      throw error;
    }
    if (!redeemed.ok) {
      await releaseVoucher(db, voucherCode);
      throw redeemed.reason === 'redeemed' ? duplicate() : invalid();
    }

    const amount = redeemed.amount;
    const outcome: TruelinkResponse = { message: 'SUCCESS', amount: fromMinor(amount) };
    try {
      const credit = await deposits.credit(
        {
          userId,
          amount,
          fromCode: GIFT_LINK_FROM_CODE,
          source: { kind: SYSTEM_KINDS.giftLinkClearing, providerCode: '' },
          reference: `giftlink:${voucherCode}`,
        },
        // The outcome settles with the credit: a caller keeps its answer in the same transaction.
        async (trx, statementId) => {
          if (!(await markVoucherCredited(trx, voucherCode, { amount, statementId, now: clock.now() }))) return false;
          await tx.settle(trx, outcome);
          return true;
        },
      );
      // Only another credit under this voucher's reference can decline it: the link was paid out before.
      if (!credit.credited) throw duplicate();
    } catch (error) {
      // The voucher is spent but this wallet did not get it: leave the claim visible to the operator.
      await markVoucherUnknown(db, voucherCode, clock.now());
      throw error;
    }
    return outcome;
  }

  return { publicKeyPem: () => keys.publicKeyPem(), redeem };
}
export type GiftLinkService = ReturnType<typeof createGiftLinkService>;
