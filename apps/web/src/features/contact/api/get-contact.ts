import { useQuery } from '@tanstack/react-query';
import type { ContactResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';

export function getContact(): Promise<ContactResponse> {
  return api.get<ContactResponse>('/api/lookup/contact');
}

export function useContact() {
  return useQuery({ queryKey: ['lookup', 'contact'], queryFn: getContact });
}
