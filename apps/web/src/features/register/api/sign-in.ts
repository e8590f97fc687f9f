import type { LoginResponse } from '@wallet/contract/account';
import { api } from '@/lib/api-client';

/** Signs the player just registered in with the password they chose, so they do not type it again. */
export function signInRegistered(username: string, password: string): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/login', { username, password, remember: false });
}
