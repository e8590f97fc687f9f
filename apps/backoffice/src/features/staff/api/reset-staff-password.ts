import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffPasswordResponse, StaffResetPasswordPayload } from '@wallet/contract/backoffice/staff';
import { api } from '@/lib/api-client';
import { staffQueryKey } from '@/lib/staff/get-staff';

/** A new temporary password, answered this once; every session of that operator ends. */
export function resetStaffPassword({
  id,
  ...payload
}: StaffResetPasswordPayload & { id: string }): Promise<StaffPasswordResponse> {
  return api.post<StaffPasswordResponse>(`/api/backoffice/staff/${encodeURIComponent(id)}/reset-password`, payload);
}

export function useResetStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaffPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
