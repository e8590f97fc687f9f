import { useMutation } from '@tanstack/react-query';
import type { OtpSendPayload, OtpSendResponse } from '@wallet/contract/otp';
import { api } from '@/lib/api-client';

export function sendOtp(payload: OtpSendPayload): Promise<OtpSendResponse> {
  return api.post<OtpSendResponse>('/api/otp/send', payload);
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
