import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@wallet/contract/backoffice/dashboard';
import { api } from '@/lib/api-client';

export function getDashboard(): Promise<DashboardResponse> {
  return api.get<DashboardResponse>('/api/backoffice/dashboard');
}

/** Queue sizes change all day: the home screen reads them again every minute while it is open. */
export const DASHBOARD_REFRESH_MS = 60_000;

export const dashboardQueryOptions = queryOptions({
  queryKey: ['backoffice', 'dashboard'],
  queryFn: getDashboard,
  refetchInterval: DASHBOARD_REFRESH_MS,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
