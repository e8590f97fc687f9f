import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session/get-me';

export function enableTotp(otp: string): Promise<unknown> {
  return api.post('/api/backoffice/me/totp/enable', { otp });
}

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
