import type { BackofficeRoute } from '@wallet/contract/backoffice/permissions';
import { errorText } from '@wallet/web-kit/api/api-error';
import { ArrowDownIcon } from '@wallet/web-kit/ui/icons';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useTranslation } from 'react-i18next';
import { useExportCsv } from '@/lib/export-csv';
import type { ListRequest } from '@/lib/list-request';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';

/** The CSV sibling of a list route, as BACKOFFICE_ROUTES declares it. */
export type CsvRoute = Extract<BackofficeRoute, `GET ${string}.csv`>;

/**
 * Downloads every row of a list, filtered and sorted as on screen, as CSV. Hidden from a role that
 * may not call the export (the server refuses it too).
 */
export function ExportCsvButton({ route, request, name }: { route: CsvRoute; request: ListRequest; name: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const exporting = useExportCsv();
  if (!canCall(me.data?.role, route)) return null;
  const onExport = () =>
    exporting.mutate(
      { request, name },
      {
        onSuccess: () => toast.success(t('table.exported')),
        onError: (cause) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
      },
    );
  return (
    <button type="button" className="btn btn-ghost btn-small" onClick={onExport} disabled={exporting.isPending}>
      <ArrowDownIcon />
      <span>{t('table.exportCsv')}</span>
    </button>
  );
}
