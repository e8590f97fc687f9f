import type { QrDeleteResponse } from '@wallet/contract/qrcode';
import { api } from '@/lib/api-client';

export function deleteQrcode(qrcodeId: string): Promise<QrDeleteResponse> {
  return api.delete<QrDeleteResponse>(`/api/qrcode/${encodeURIComponent(qrcodeId)}`);
}
