import { useQuery } from '@tanstack/react-query';
import type { EnableChatWidgetResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';

export function getEnableChatWidget(): Promise<EnableChatWidgetResponse> {
  return api.get<EnableChatWidgetResponse>('/api/lookup/enableChatWidget');
}

export function useEnableChatWidget() {
  return useQuery({ queryKey: ['lookup', 'enableChatWidget'], queryFn: getEnableChatWidget, staleTime: 300_000 });
}
