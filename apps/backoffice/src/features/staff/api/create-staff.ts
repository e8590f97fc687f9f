import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffCreatePayload, StaffPasswordResponse } from '@wallet/contract/backoffice/staff';
import { api } from '@/lib/api-client';
import { staffQueryKey } from '@/lib/staff/get-staff';

/** The server makes the first password and answers it this once. */
export function createStaff(payload: StaffCreatePayload): Promise<StaffPasswordResponse> {
  return api.post<StaffPasswordResponse>('/api/backoffice/staff', payload);
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
