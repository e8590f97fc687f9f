import { parse } from 'promptparse';
import { slipVerify } from 'promptparse/validate';

export interface MiniQr {
  /** 3-digit Thai bank id of the sending bank. */
  sendingBankId: string;
  /** The bank's transaction reference. */
  reference: string;
}

/** References travel in URLs and in the once-ever claim key; banks use letters and digits only. */
export const REFERENCE_PATTERN = /^[A-Za-z0-9]{6,50}$/;

/**
 * Reads a Thai bank slip's "mini QR" (Slip Verify API): tag 00 holds API type 000001, the 3-digit
 * sending bank and the transaction reference; tag 51 is TH; tag 91 is the CRC. promptparse checks the
 * structure and checksum (forgiving the short CRC some bank apps print); we add the country tag, the
 * CRC's tag id and the shapes of bank id and reference. Null when any of it is wrong.
 */
export function readMiniQr(text: string): MiniQr | null {
  const payload = text.trim();
  const data = slipVerify(payload);
  if (!data) return null;
  const tags = parse(payload, false);
  if (tags?.getTagValue('51') !== 'TH' || tags.getTag('91') === undefined) return null;
  if (!/^\d{3}$/.test(data.sendingBank) || !REFERENCE_PATTERN.test(data.transRef)) return null;
  return { sendingBankId: data.sendingBank, reference: data.transRef };
}
