import { useMutation } from '@tanstack/react-query';
import { api } from './api-client';
import { downloadFile } from './download-file';
import { csvUrl, type ListRequest } from './list-request';

/** Downloads a list as CSV, named `<name>-<day>.csv`. */
export async function exportCsv(request: ListRequest, name: string): Promise<void> {
  // Fetched with the operator's token (a plain link would carry none), then saved as a file.
  const csv = await api.get<unknown>(csvUrl(request));
  const day = new Date().toISOString().slice(0, 10);
  downloadFile(typeof csv === 'string' ? csv : '', `${name}-${day}.csv`, 'text/csv;charset=utf-8');
}

export function useExportCsv() {
  return useMutation({
    mutationFn: ({ request, name }: { request: ListRequest; name: string }) => exportCsv(request, name),
  });
}
