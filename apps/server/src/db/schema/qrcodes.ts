/** Tables of QR gateway deposits and gift links (migration 004). */

// biome-ignore lint/suspicious/noEmptyInterface: filled by the QR and gift-link feature
export interface QrcodeTables {}
