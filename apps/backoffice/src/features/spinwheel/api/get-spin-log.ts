import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SpinLogPage } from '@wallet/contract/backoffice/spinwheel';
import { SPIN_PAGE_SIZE } from '@wallet/contract/backoffice/spinwheel-rules';
import { api } from '@/lib/api-client';
import { type ListRequest, pageUrl } from '@/lib/list-request';
import { dayRange } from './bangkok-day';

/** What the spin log is filtered by; empty fields are left out. Days are Bangkok days, both included. */
export interface SpinLogFilters {
  wheelId: string;
  playerId: string;
  from: string;
  to: string;
}

export const EMPTY_SPIN_LOG_FILTERS: SpinLogFilters = { wheelId: '', playerId: '', from: '', to: '' };

/** The query the page and its CSV export both send, so the file holds exactly what the screen lists. */
export function spinLogRequest(filters: SpinLogFilters): ListRequest {
  const query = new URLSearchParams();
  if (filters.wheelId) query.set('wheelId', filters.wheelId);
  if (filters.playerId.trim()) query.set('playerId', filters.playerId.trim());
  dayRange(query, filters.from, filters.to);
  return { path: '/api/backoffice/spinwheel/spins', query };
}

export function getSpinLog(filters: SpinLogFilters, page: number): Promise<SpinLogPage> {
  return api.get<SpinLogPage>(pageUrl(spinLogRequest(filters), page, SPIN_PAGE_SIZE));
}

export function useSpinLog(filters: SpinLogFilters, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'spinwheel', 'spins', filters, page],
    queryFn: () => getSpinLog(filters, page),
    placeholderData: keepPreviousData,
  });
}
