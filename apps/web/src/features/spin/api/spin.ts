import type { SpinResponse } from '@wallet/contract/spinwheel';
import { api } from '@/lib/api-client';
import { withLanguage } from '@/lib/content-language';

/**
 * POST /api/spinwheel/spin?lang=: one coin for one draw, the prize label in the player's language; the key
 * makes a retried press replay the same draw.
 */
export function spin(idempotencyKey: string, language: string): Promise<SpinResponse> {
  return api.post<SpinResponse>(withLanguage('/api/spinwheel/spin', language), {}, { idempotencyKey });
}
