import { useQuery } from '@tanstack/react-query';
import type { SandboxSmsResponse } from '@wallet/contract/backoffice/sandbox-sms';
import { api } from '@/lib/api-client';

/** GET /api/backoffice/sandbox/sms (sandbox only): the latest texts the sandbox gateway kept. */
export function getSandboxSms(phone: string): Promise<SandboxSmsResponse> {
  const query = phone ? `?${new URLSearchParams({ phone })}` : '';
  return api.get<SandboxSmsResponse>(`/api/backoffice/sandbox/sms${query}`);
}

export function useSandboxSms(phone: string) {
  // A code arrives while the operator watches: ask again every few seconds.
  return useQuery({
    queryKey: ['sandbox', 'sms', phone],
    queryFn: () => getSandboxSms(phone),
    refetchInterval: 5_000,
  });
}
