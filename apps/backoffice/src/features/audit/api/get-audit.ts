import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@wallet/contract/backoffice/audit';
import { AUDIT_PAGE_SIZE } from '@wallet/contract/backoffice/audit-actions';
import { api } from '@/lib/api-client';
import { type ListRequest, pageUrl } from '@/lib/list-request';

/** What the operator filters by; empty fields are left out of the query. */
export interface AuditFilters {
  operatorId: string;
  action: string;
  targetType: string;
  targetId: string;
  /** Bangkok calendar days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = {
  operatorId: '',
  action: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};

/** Business days are Bangkok days (DESIGN §2), whatever the operator's computer says. */
function bangkokMidnight(day: string, addDays = 0): string {
  const instant = new Date(`${day}T00:00:00.000+07:00`);
  instant.setUTCDate(instant.getUTCDate() + addDays);
  return instant.toISOString();
}

/** The query both the page and the CSV export send, so the file holds exactly what the screen lists. */
export function auditSearchParams(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of ['operatorId', 'action', 'targetType', 'targetId'] as const) {
    const value = filters[key].trim();
    if (value) query.set(key, value);
  }
  if (filters.from) query.set('from', bangkokMidnight(filters.from));
  // The server's `to` is exclusive: the day after the last day chosen.
  if (filters.to) query.set('to', bangkokMidnight(filters.to, 1));
  return query;
}

export function auditRequest(filters: AuditFilters): ListRequest {
  return { path: '/api/backoffice/audit', query: auditSearchParams(filters) };
}

export function getAudit(filters: AuditFilters, page: number): Promise<AuditPage> {
  return api.get<AuditPage>(pageUrl(auditRequest(filters), page, AUDIT_PAGE_SIZE));
}

export function auditQueryOptions(filters: AuditFilters, page: number) {
  return queryOptions({ queryKey: ['backoffice', 'audit', filters, page], queryFn: () => getAudit(filters, page) });
}

export function useAudit(filters: AuditFilters, page: number) {
  // The table keeps its rows while the next page loads, instead of blinking empty.
  return useQuery({ ...auditQueryOptions(filters, page), placeholderData: keepPreviousData });
}
