import { useQuery } from '@tanstack/react-query';
import type { ContentTextsResponse } from '@wallet/contract/backoffice/content';
import { api } from '@/lib/api-client';

export const contentTextsQueryKey = ['backoffice', 'content', 'texts'] as const;

export function getContentTexts(): Promise<ContentTextsResponse> {
  return api.get<ContentTextsResponse>('/api/backoffice/content/texts');
}

export function useContentTexts() {
  return useQuery({ queryKey: contentTextsQueryKey, queryFn: getContentTexts });
}
