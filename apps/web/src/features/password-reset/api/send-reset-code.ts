import { useMutation } from '@tanstack/react-query';
import type { OtpSendResetPayload, OtpSendResponse } from '@wallet/contract/otp';
import { api } from '@/lib/api-client';

export function sendResetCode(payload: OtpSendResetPayload): Promise<OtpSendResponse> {
  return api.post<OtpSendResponse>('/api/otp/send-reset', payload);
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}
