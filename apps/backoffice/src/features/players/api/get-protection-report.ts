import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProtectionReportResponse } from '@wallet/contract/backoffice/protection';
import { PROTECTION_REPORT_PAGE_SIZE, type ProtectionReportKind } from '@wallet/contract/protection-rules';
import { api } from '@/lib/api-client';
import { type ListRequest, listRequest, pageUrl } from '@/lib/list-request';

/** GET /api/backoffice/protection: players by the protection active now (and its .csv sibling). */
export function protectionReportRequest(kind: ProtectionReportKind): ListRequest {
  return listRequest('/api/backoffice/protection', { kind });
}

export function getProtectionReport(kind: ProtectionReportKind, page: number): Promise<ProtectionReportResponse> {
  return api.get<ProtectionReportResponse>(pageUrl(protectionReportRequest(kind), page, PROTECTION_REPORT_PAGE_SIZE));
}

export function useProtectionReport(kind: ProtectionReportKind, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'protection-report', kind, page],
    queryFn: () => getProtectionReport(kind, page),
    placeholderData: keepPreviousData,
  });
}
