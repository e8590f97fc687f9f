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
    /**
     * Not in SPEC: the same QR as a PNG data URL. Banking apps scan a PNG saved to the gallery but not an
     * SVG, so this is what the player sees, long-presses and downloads.
     */
    qrcodePng: z.string().optional(),
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

export const QRCODE_STATUSES = ['PENDING', 'PAID', 'EXPIRED', 'CANCELLED'] as const;

export const qrcodeStatusParams = z.object({ bankCode: qrBankCode, qrcodeId: qrcodeIdParams.shape.qrcodeId });
export type QrcodeStatusParams = z.infer<typeof qrcodeStatusParams>;

/**
 * GET /api/qrcode/{bankCode}/{qrcodeId} (designed here): what became of a QR the player was shown, so the
 * app can replace a paid QR with what was credited instead of leaving it payable-looking on screen.
 * amount is what was credited when PAID (a payment of another amount is held, never credited).
 */
export const qrcodeStatus = z.object({
  qrcodeId: z.string(),
  status: z.enum(QRCODE_STATUSES),
  amount: z.number(),
});
export type QrcodeStatus = z.infer<typeof qrcodeStatus>;
