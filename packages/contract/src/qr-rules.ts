/**
 * QR gateway rules without Zod: the web app imports these at runtime, and a runtime import of qrcode.ts
 * would pull Zod into its chunks. qrcode.ts re-exports them.
 */
import { QR_GATEWAYS, type QrBankCode } from './constants.ts';

/**
 * The smallest amount (major units) a gateway takes (SPEC §9). PAYTIMZ and ZPAY honour an operator
 * override (a build setting in the web app, an environment setting on the server); the others ignore it.
 */
export function qrMinimum(bankCode: QrBankCode, override?: number): number {
  const gateway = QR_GATEWAYS[bankCode];
  return gateway.minimumOverridable && override !== undefined ? override : gateway.minimum;
}
