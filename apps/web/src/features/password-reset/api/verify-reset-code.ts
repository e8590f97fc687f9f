import { useMutation } from '@tanstack/react-query';
import type { OtpVerifyPayload } from '@wallet/contract/otp';
import { api } from '@/lib/api-client';

export function verifyResetCode(payload: OtpVerifyPayload): Promise<{ message: 'OTP_CODE_VALID' }> {
  return api.post<{ message: 'OTP_CODE_VALID' }>('/api/otp/verify', payload);
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
