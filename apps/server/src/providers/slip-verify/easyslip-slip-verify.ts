import type { SlipTransfer, SlipVerifyProvider } from './slip-verify-provider.ts';
import { SlipVerifyUnavailable } from './slip-verify-provider.ts';
import { bankCodeOfId } from './thai-bank-ids.ts';
import { bahtToMinor, createVendorVerifier, isRecord, text, type VendorHttpOptions } from './vendor-http.ts';

export interface EasySlipConfig {
  apiUrl: string;
  apiKey: string;
}

/** EasySlip's error codes meaning it found no slip behind what we sent: the slip fails INVALID_SLIP. */
const NO_SUCH_SLIP = new Set([
  'invalid_payload',
  'invalid_image',
  'image_size_too_large',
  'slip_not_found',
  'qrcode_not_found',
]);
/** Why EasySlip would not answer now; the operator sees this on the slip. */
const UNAVAILABLE: Readonly<Record<string, string>> = {
  unauthorized: 'API key refused (check EASYSLIP_API_KEY)',
  access_denied: 'access denied for this key',
  account_not_verified: 'account not verified',
  application_expired: 'application expired',
  application_deactivated: 'application deactivated',
  quota_exceeded: 'quota exceeded',
  server_error: 'vendor server error',
  api_server_error: 'bank API error at the vendor',
};

function party(value: unknown): SlipTransfer['sender'] {
  const partyRecord = isRecord(value) ? value : {};
  const bank = isRecord(partyRecord.bank) ? partyRecord.bank : {};
  const account = isRecord(partyRecord.account) ? partyRecord.account : {};
  const bankAccount = isRecord(account.bank) ? account.bank : {};
  // The holder as the bank shows it, Thai first (the desk compares it with registered names).
  const names = isRecord(account.name) ? account.name : {};
  const name = text(names.th) || text(names.en) || null;
  return { bankCode: bankCodeOfId(text(bank.id)) ?? '', accountNo: text(bankAccount.account), name };
}

/** The transfer in EasySlip's slip object (`rawSlip` in v2), or undefined when it is not one. */
export function easySlipTransfer(slip: unknown): SlipTransfer | undefined {
  if (!isRecord(slip)) return undefined;
  const reference = text(slip.transRef);
  const amount = bahtToMinor(isRecord(slip.amount) ? slip.amount.amount : slip.amount);
  const transferredAt = Date.parse(text(slip.date));
  if (!reference || !Number.isSafeInteger(amount) || !Number.isFinite(transferredAt)) return undefined;
  return { reference, amount, transferredAt, sender: party(slip.sender), receiver: party(slip.receiver) };
}

/** v2 nests the slip under data.rawSlip; the older shape put it straight in data. */
function slipOf(body: Record<string, unknown>): SlipTransfer | undefined {
  const data = isRecord(body.data) ? body.data : undefined;
  return easySlipTransfer(data && 'rawSlip' in data ? data.rawSlip : data);
}

function errorCode(body: Record<string, unknown>): string {
  const error = isRecord(body.error) ? body.error : {};
  return (text(error.code) || text(body.message)).toLowerCase();
}

function readAnswer(status: number, body: unknown): SlipTransfer | null {
  if (!isRecord(body)) throw new SlipVerifyUnavailable(`easyslip: answer is not JSON (HTTP ${status})`);
  if (status === 200 && (body.success === true || body.status === 200)) {
    const transfer = slipOf(body);
    if (!transfer) throw new SlipVerifyUnavailable('easyslip: success answer without a readable transfer');
    return transfer;
  }
  const code = errorCode(body);
  if (NO_SUCH_SLIP.has(code)) return null;
  if (code === 'duplicate_slip') {
    // We never ask it to check duplicates; the deposit-reference registry decides, from the transfer.
    const transfer = slipOf(body);
    if (transfer) return transfer;
  }
  throw new SlipVerifyUnavailable(
    `easyslip: ${UNAVAILABLE[code] ?? 'unexpected answer'} (HTTP ${status}${code ? `, ${code}` : ''})`,
  );
}

/**
 * EasySlip API v2 (easyslip.com): POST {apiUrl}/verify/bank with `Authorization: Bearer <key>`; the
 * mini QR's text as JSON `{ "payload": … }`, or the image as multipart field `image` when the server
 * could not read the QR itself.
 */
export function createEasySlipVerifier(config: EasySlipConfig, http: VendorHttpOptions): SlipVerifyProvider {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/verify/bank`;
  return createVendorVerifier(
    {
      name: 'easyslip',
      url,
      headers: { authorization: `Bearer ${config.apiKey}` },
      qrBody: (payload) => ({ payload }),
      imageField: 'image',
      readAnswer,
    },
    http,
  );
}
