import type { QrBankCode } from '@wallet/contract/constants';
import type { QrcodeRecord } from '@wallet/contract/qrcode';
import { api } from '@/lib/api-client';

/** Each QR gateway has its own query key, under one root, so a create can reload the rest. */
export const qrcodeQueryRoot = 'qrcode';

export const qrcodeQueryKey = (bankCode: QrBankCode) => [qrcodeQueryRoot, bankCode] as const;

export function getQrcode(bankCode: QrBankCode): Promise<QrcodeRecord> {
  return api.get<QrcodeRecord>(`/api/qrcode/${bankCode}`);
}
