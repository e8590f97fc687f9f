import type { SlipTransfer, SlipVerifyProvider } from './slip-verify-provider.ts';
import { SlipVerifyUnavailable } from './slip-verify-provider.ts';
import { bankCodeOfId } from './thai-bank-ids.ts';
import { bahtToMinor, createVendorVerifier, isRecord, text, type VendorHttpOptions } from './vendor-http.ts';

export interface SlipOkConfig {
  apiUrl: string;
  apiKey: string;
  branchId: string;
}

/**
 * SlipOK's numbered errors (its API guide), grouped by what they mean for a slip here.
 * The vendor knows no such slip: the slip fails INVALID_SLIP.
 */
const NO_SUCH_SLIP = new Set([1000, 1005, 1006, 1007, 1008, 1011]);
/**
 * Conditions the vendor checks for its own users (duplicate, amount, receiver). We never ask for them
 * (no `log`, no `amount`), and our own rules and the deposit-reference registry decide: when the answer
 * carries the transfer we read it, otherwise we cannot judge and ask again later.
 */
const VENDOR_CONDITIONS = new Set([1012, 1013, 1014]);
/** Why the vendor would not answer now; the operator sees this on the slip. */
const UNAVAILABLE: Readonly<Record<number, string>> = {
  1001: 'branch id not found (check SLIPOK_BRANCH_ID)',
  1002: 'API key refused (check SLIPOK_API_KEY)',
  1003: 'package expired',
  1004: 'quota exceeded',
  1009: 'bank data temporarily unavailable',
  1010: 'bank has not published this transfer yet',
};

/** `20240105` and `14:03:07`, Bangkok time, as SlipOK writes them (or its ISO `transTimestamp`). */
function transferTime(data: Record<string, unknown>): number {
  const stamp = Date.parse(text(data.transTimestamp));
  if (Number.isFinite(stamp)) return stamp;
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(text(data.transDate));
  const time = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text(data.transTime));
  if (!date || !time) return Number.NaN;
  return Date.parse(`${date[1]}-${date[2]}-${date[3]}T${time[1]}:${time[2]}:${time[3] ?? '00'}+07:00`);
}

function party(value: unknown, bankId: string) {
  const holder = isRecord(value) ? value : {};
  const account = isRecord(holder.account) ? holder.account : {};
  // The holder as the bank shows it (the desk compares it with registered names, SPEC §8 AMBIGUOUS_SENDER).
  const name = text(holder.displayName) || text(holder.name) || null;
  return { bankCode: bankCodeOfId(bankId) ?? '', accountNo: text(account.value), name };
}

/** The transfer in a SlipOK `data` object, or undefined when it is not one. */
export function slipOkTransfer(data: unknown): SlipTransfer | undefined {
  if (!isRecord(data)) return undefined;
  const reference = text(data.transRef);
  const amount = bahtToMinor(data.amount);
  const transferredAt = transferTime(data);
  if (!reference || !Number.isSafeInteger(amount) || !Number.isFinite(transferredAt)) return undefined;
  return {
    reference,
    amount,
    transferredAt,
    sender: party(data.sender, text(data.sendingBank)),
    receiver: party(data.receiver, text(data.receivingBank)),
  };
}

function readAnswer(status: number, body: unknown): SlipTransfer | null {
  if (!isRecord(body)) throw new SlipVerifyUnavailable(`slipok: answer is not JSON (HTTP ${status})`);
  if (status === 200 && body.success === true) {
    const transfer = slipOkTransfer(body.data);
    if (!transfer) throw new SlipVerifyUnavailable('slipok: success answer without a readable transfer');
    return transfer;
  }
  const code = typeof body.code === 'number' ? body.code : Number(body.code);
  if (NO_SUCH_SLIP.has(code)) return null;
  if (VENDOR_CONDITIONS.has(code)) {
    const transfer = slipOkTransfer(body.data);
    if (transfer) return transfer;
    throw new SlipVerifyUnavailable(`slipok: error ${code} without the transfer`);
  }
  const why = UNAVAILABLE[code] ?? 'unexpected answer';
  throw new SlipVerifyUnavailable(`slipok: ${why} (HTTP ${status}${Number.isFinite(code) ? `, code ${code}` : ''})`);
}

/**
 * SlipOK (slipok.com): POST {apiUrl}/api/line/apikey/{branchId} with the key in `x-authorization`;
 * the mini QR's text as JSON `{ "data": … }`, or the image as multipart field `files` when the server
 * could not read the QR itself.
 */
export function createSlipOkVerifier(config: SlipOkConfig, http: VendorHttpOptions): SlipVerifyProvider {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/api/line/apikey/${encodeURIComponent(config.branchId)}`;
  return createVendorVerifier(
    {
      name: 'slipok',
      url,
      headers: { 'x-authorization': config.apiKey },
      qrBody: (payload) => ({ data: payload }),
      imageField: 'files',
      readAnswer,
    },
    http,
  );
}
