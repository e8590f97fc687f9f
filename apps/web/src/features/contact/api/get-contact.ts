import { useQuery } from '@tanstack/react-query';
import type { ContactResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

export function getContact(language: string): Promise<ContactResponse> {
  return api.get<ContactResponse>(withLanguage('/api/lookup/contact', language));
}

export function useContact() {
  const language = useContentLanguage();
  return useQuery({ queryKey: ['lookup', 'contact', language], queryFn: () => getContact(language) });
}
