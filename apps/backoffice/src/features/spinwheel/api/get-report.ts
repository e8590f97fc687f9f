import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SpinReportResponse } from '@wallet/contract/backoffice/spinwheel';
import { api } from '@/lib/api-client';
import { dayRange } from './bangkok-day';

/** The report's period (Bangkok days, both included) and wheel; empty: open. */
export interface ReportFilters {
  wheelId: string;
  from: string;
  to: string;
}

export const EMPTY_REPORT_FILTERS: ReportFilters = { wheelId: '', from: '', to: '' };

/** GET /api/backoffice/spinwheel/report: coins earned and spent, spins, and each slice won against its weight. */
export function getSpinReport(filters: ReportFilters): Promise<SpinReportResponse> {
  const query = new URLSearchParams();
  if (filters.wheelId) query.set('wheelId', filters.wheelId);
  dayRange(query, filters.from, filters.to);
  const search = query.toString();
  return api.get<SpinReportResponse>(`/api/backoffice/spinwheel/report${search ? `?${search}` : ''}`);
}

export function useSpinReport(filters: ReportFilters) {
  return useQuery({
    queryKey: ['backoffice', 'spinwheel', 'report', filters],
    queryFn: () => getSpinReport(filters),
    placeholderData: keepPreviousData,
  });
}
