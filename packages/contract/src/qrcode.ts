import { z } from 'zod';
import { isoDateTime, text } from './common.ts';
import { QR_BANK_CODES } from './constants.ts';
import { apiAmount } from './money.ts';

export const qrBankCode = z.enum(QR_BANK_CODES);

export const qrBankCodeParams = z.object({ bankCode: qrBankCode });
export type QrBankCodeParams = z.infer<typeof qrBankCodeParams>;

export const qrcodeIdParams = z.object({ qrcodeId: text().min(1).max(100) });
export type QrcodeIdParams = z.infer<typeof qrcodeIdParams>;

export { qrMinimum } from './qr-rules.ts';

/** POST /api/qrcode/{bankCode}. The gateway minimum is checked by the server. */
export const qrCreatePayload = z.object({ amount: apiAmount });
export type QrCreatePayload = z.infer<typeof qrCreatePayload>;

/**
 * QR code record (SPEC §3), split on hasQrcode so a client can only read the QR fields when there is a QR.
 * Without one, message says why (shown as a toast after a create).
 */
export const qrcodeRecord = z.discriminatedUnion('hasQrcode', [
  z.object({
    hasQrcode: z.literal(true),
    qrcodeId: z.string(),
    /** SVG markup; rendered only through the sanitiser. */
    qrcode: z.string(),
    amount: z.number(),
    /** The moment the QR stops being payable; the countdown runs to it. */
    expireIn: isoDateTime,
    message: z.string().optional(),
  }),
  z.object({ hasQrcode: z.literal(false), message: z.string().optional() }),
]);
export type QrcodeRecord = z.infer<typeof qrcodeRecord>;

/** DELETE /api/qrcode/{qrcodeId} (designed here): a result code only. */
export const qrDeleteResponse = z.object({ message: z.string() });
export type QrDeleteResponse = z.infer<typeof qrDeleteResponse>;
