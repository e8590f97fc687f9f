import { SLIP_FILE_FIELD } from '@wallet/contract/slip';
import type { SlipUploadResponse } from '@wallet/contract/statement';
import { api } from '@/lib/api-client';

export function uploadSlip(
  file: File,
  idempotencyKey: string,
  onProgress: (fraction: number) => void,
): Promise<SlipUploadResponse> {
  const form = new FormData();
  form.append(SLIP_FILE_FIELD, file, file.name);
  // The client's upload already waits 300 s (SPEC §9 upload timeout) and reports progress.
  return api.upload<SlipUploadResponse>('/api/wallet/slip', form, { idempotencyKey, onProgress });
}
