import type { QrBankCode } from '@wallet/contract/constants';
import type { QrcodeRecord } from '@wallet/contract/qrcode';
import { api } from '@/lib/api-client';

export function createQrcode(bankCode: QrBankCode, amount: number, idempotencyKey: string): Promise<QrcodeRecord> {
  return api.post<QrcodeRecord>(`/api/qrcode/${bankCode}`, { amount }, { idempotencyKey });
}
