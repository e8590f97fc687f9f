/** What the mobile-wallet provider says about a voucher before anything is redeemed. Amounts in minor units. */
export type VoucherState = { status: 'available'; amount: number } | { status: 'redeemed' } | { status: 'unknown' };

export type RedeemResult = { ok: true; amount: number } | { ok: false; reason: 'redeemed' | 'unknown' };

/**
 * A mobile-wallet gift-link (voucher) provider (DESIGN §4). A gift link carries a voucher code; the
 * provider can be asked what the voucher holds without spending it, and redeeming moves its money
 * into one of the operator's wallet accounts, once ever.
 */
export interface GiftLinkProvider {
  /** The voucher code inside a pasted link, or null when the text is not one of this provider's links. */
  voucherCode(link: string): string | null;
  inspect(voucherCode: string): Promise<VoucherState>;
  /** Redeems into the operator's wallet account `walletAccountName`; the amount is the provider's word. */
  redeem(voucherCode: string, walletAccountName: string): Promise<RedeemResult>;
}
