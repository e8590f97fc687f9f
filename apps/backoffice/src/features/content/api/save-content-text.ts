import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentTextKey, ContentTextSaved } from '@wallet/contract/backoffice/content';
import type { Language } from '@wallet/contract/constants';
import { api } from '@/lib/api-client';
import { contentTextsQueryKey } from './get-content-texts';

export interface SaveContentTextInput {
  key: ContentTextKey;
  language: Language;
  value: string | string[];
  reason?: string;
}

/** PUT /api/backoffice/content/texts/:key/:language; the answer is the text as the server sanitised it. */
export function saveContentText({ key, language, value, reason }: SaveContentTextInput): Promise<ContentTextSaved> {
  return api.put<ContentTextSaved>(`/api/backoffice/content/texts/${key}/${language}`, {
    value,
    ...(reason ? { reason } : {}),
  });
}

export function useSaveContentText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContentText,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentTextsQueryKey }),
  });
}
