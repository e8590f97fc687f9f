import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffResponse, StaffRolePayload } from '@wallet/contract/backoffice/staff';
import { api } from '@/lib/api-client';
import { staffQueryKey } from '@/lib/staff/get-staff';

export function changeStaffRole({ id, ...payload }: StaffRolePayload & { id: string }): Promise<StaffResponse> {
  return api.post<StaffResponse>(`/api/backoffice/staff/${encodeURIComponent(id)}/role`, payload);
}

export function useChangeStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStaffRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
