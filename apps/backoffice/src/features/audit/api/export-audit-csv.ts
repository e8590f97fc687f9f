import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { type AuditFilters, auditSearchParams } from './get-audit';

/** Every row matching the filters (not only the page on screen), as the server writes it. */
export async function exportAuditCsv(filters: AuditFilters): Promise<void> {
  // Fetched with the operator's token (a plain link would carry none), then saved as a file.
  const csv = await api.get<unknown>(`/api/backoffice/audit.csv?${auditSearchParams(filters)}`);
  const day = new Date().toISOString().slice(0, 10);
  downloadFile(typeof csv === 'string' ? csv : '', `audit-${day}.csv`, 'text/csv;charset=utf-8');
}

export function useExportAuditCsv() {
  return useMutation({ mutationFn: exportAuditCsv });
}
