import { useMutation } from '@tanstack/react-query';
import type { OtpSendResetPayload, OtpSendResponse } from '@wallet/contract/otp';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

/** The SMS is written in `language`, the one the player reads the app in. */
export function sendResetCode(payload: OtpSendResetPayload, language: string): Promise<OtpSendResponse> {
  return api.post<OtpSendResponse>(withLanguage('/api/otp/send-reset', language), payload);
}

export function useSendResetCode() {
  const language = useContentLanguage();
  return useMutation({ mutationFn: (payload: OtpSendResetPayload) => sendResetCode(payload, language) });
}
