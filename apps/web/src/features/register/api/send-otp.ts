import { useMutation } from '@tanstack/react-query';
import type { OtpSendPayload, OtpSendResponse } from '@wallet/contract/otp';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

/** The SMS is written in `language`, the one the player reads the app in. */
export function sendOtp(payload: OtpSendPayload, language: string): Promise<OtpSendResponse> {
  return api.post<OtpSendResponse>(withLanguage('/api/otp/send', language), payload);
}

export function useSendOtp() {
  const language = useContentLanguage();
  return useMutation({ mutationFn: (payload: OtpSendPayload) => sendOtp(payload, language) });
}
