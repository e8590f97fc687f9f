import type { AutoLoginResponse } from '@wallet/contract/wallet';
import { api } from '@/lib/api-client';

/** GET /api/autoLogin/{provider}/{username}/{password}. */
export function autoLogin(provider: string, username: string, password: string): Promise<AutoLoginResponse> {
  const parts = [provider, username, password].map(encodeURIComponent).join('/');
  return api.get<AutoLoginResponse>(`/api/autoLogin/${parts}`);
}
