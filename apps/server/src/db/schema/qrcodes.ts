/** Tables of QR gateway deposits and gift links (migration 004). Money is minor units, times epoch ms. */

export type QrcodeStatus = 'PENDING' | 'PAID' | 'CANCELLED' | 'EXPIRED';

export interface QrcodesTable {
  id: string;
  user_id: string;
  /** The gateway: KBANK, WW, PAYTIMZ, PAYONEX or ZPAY. */
  bank_code: string;
  amount: number;
  currency: string;
  /** The PromptPay EMVCo string the QR image encodes. */
  payload: string;
  /** The gateway's id of the QR; its paid notices name it. */
  gateway_ref: string;
  status: QrcodeStatus;
  /** The QR stops being payable at this moment. */
  expires_at: number;
  cancelled_at: number | null;
  paid_at: number | null;
  payment_ref: string | null;
  statement_id: string | null;
  created_at: number;
  updated_at: number;
}

/** Why a paid notice did or did not reach a wallet. Anything but CREDITED is money held for the operator. */
/** PROTECTION_HOLD (player protection, issue 20): paid while the player is restricted or over a deposit limit. */
export type QrPaymentOutcome = 'CREDITED' | 'UNKNOWN_QR' | 'AMOUNT_MISMATCH' | 'NOT_PAYABLE' | 'PROTECTION_HOLD';

export interface QrPaymentsTable {
  bank_code: string;
  payment_ref: string;
  gateway_ref: string;
  qrcode_id: string | null;
  amount: number;
  paid_at: number;
  outcome: QrPaymentOutcome;
  /** Why a PROTECTION_HOLD payment waits (DEPOSIT_LIMIT, PLAYER_RESTRICTED; migration 028), else null. */
  hold_reason: string | null;
  statement_id: string | null;
  created_at: number;
}

export type GiftLinkRedemptionStatus = 'REDEEMING' | 'CREDITED' | 'UNKNOWN';

export interface GiftLinkRedemptionsTable {
  voucher_code: string;
  user_id: string;
  wallet_account_name: string;
  amount: number | null;
  status: GiftLinkRedemptionStatus;
  statement_id: string | null;
  created_at: number;
  updated_at: number;
}

export type SandboxQrOrderStatus = 'OPEN' | 'PAID' | 'CANCELLED';

export interface SandboxQrOrdersTable {
  gateway_ref: string;
  bank_code: string;
  /** Our qrcode id, as a merchant reference on the gateway's side. */
  merchant_ref: string;
  amount: number;
  status: SandboxQrOrderStatus;
  payment_ref: string | null;
  paid_at: number | null;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

export interface SandboxGiftVouchersTable {
  code: string;
  amount: number;
  redeemed_at: number | null;
  /** The operator's wallet account the voucher was redeemed into. */
  redeemed_to: string | null;
  created_at: number;
}

export interface QrcodeTables {
  qrcodes: QrcodesTable;
  qr_payments: QrPaymentsTable;
  gift_link_redemptions: GiftLinkRedemptionsTable;
  sandbox_qr_orders: SandboxQrOrdersTable;
  sandbox_gift_vouchers: SandboxGiftVouchersTable;
}
