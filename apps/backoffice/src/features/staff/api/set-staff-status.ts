import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffResponse } from '@wallet/contract/backoffice/staff';
import { api } from '@/lib/api-client';
import { staffQueryKey } from '@/lib/staff/get-staff';

/** POST /api/backoffice/staff/:id/disable and …/enable: one switch, two routes. */
export function setStaffStatus({
  id,
  status,
  reason,
}: {
  id: string;
  status: 'active' | 'disabled';
  reason?: string;
}): Promise<StaffResponse> {
  const action = status === 'disabled' ? 'disable' : 'enable';
  return api.post<StaffResponse>(`/api/backoffice/staff/${encodeURIComponent(id)}/${action}`, reason ? { reason } : {});
}

export function useSetStaffStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
