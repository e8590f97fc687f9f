import { queryOptions } from '@tanstack/react-query';
import type { RegisterOtpResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';

export function getRegisterOtp(): Promise<RegisterOtpResponse> {
  return api.get<RegisterOtpResponse>('/api/lookup/registerOTP');
}

/** Read at phone submit through fetchQuery, so the wizard always decides with an answer in hand. */
export const registerOtpQuery = queryOptions({ queryKey: ['lookup', 'registerOTP'], queryFn: getRegisterOtp });
