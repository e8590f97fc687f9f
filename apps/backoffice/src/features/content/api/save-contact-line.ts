import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactLine, ContactLinePayload } from '@wallet/contract/backoffice/content';
import { api } from '@/lib/api-client';
import { siteDetailsQueryKey } from './get-site-details';

/** PUT /api/backoffice/content/line: the LINE fields of the contact page, in every language at once. */
export function saveContactLine(payload: ContactLinePayload): Promise<ContactLine> {
  return api.put<ContactLine>('/api/backoffice/content/line', payload);
}

export function useSaveContactLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContactLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteDetailsQueryKey }),
  });
}
