import type { SpinResponse } from '@wallet/contract/spinwheel';
import { api } from '@/lib/api-client';

/** POST /api/spinwheel/spin: one coin for one draw; the key makes a retried press replay the same draw. */
export function spin(idempotencyKey: string): Promise<SpinResponse> {
  return api.post<SpinResponse>('/api/spinwheel/spin', {}, { idempotencyKey });
}
