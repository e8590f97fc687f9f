import type { QrBankCode } from '@wallet/contract/constants';
import type { QrcodeStatus } from '@wallet/contract/qrcode';
import { api } from '@/lib/api-client';

/** Outside the 'qrcode' root on purpose: a new QR at another gateway reloads the views, not these. */
export const qrcodeStatusQueryKey = (bankCode: QrBankCode, qrcodeId: string) =>
  ['qrcode-status', bankCode, qrcodeId] as const;

export function getQrcodeStatus(bankCode: QrBankCode, qrcodeId: string): Promise<QrcodeStatus> {
  return api.get<QrcodeStatus>(`/api/qrcode/${bankCode}/${encodeURIComponent(qrcodeId)}`);
}
