import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffListResponse } from '@wallet/contract/backoffice/staff';
import { api } from '@/lib/api-client';
import { type ListRequest, listRequest } from '@/lib/list-request';

/** Every operator account, oldest first: the staff screen lists them, the audit filter offers them. */
export const staffRequest: ListRequest = listRequest('/api/backoffice/staff');

export function getStaff(): Promise<StaffListResponse> {
  return api.get<StaffListResponse>(staffRequest.path);
}

export const staffQueryKey = ['backoffice', 'staff'] as const;

export const staffQueryOptions = queryOptions({ queryKey: staffQueryKey, queryFn: getStaff });

export function useStaff(options: { enabled?: boolean } = {}) {
  return useQuery({ ...staffQueryOptions, ...options });
}
