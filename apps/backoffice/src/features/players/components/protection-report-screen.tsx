import {
  PROTECTION_REPORT_KINDS,
  PROTECTION_REPORT_PAGE_SIZE,
  type ProtectionReportKind,
} from '@wallet/contract/protection-rules';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { SelectField } from '@wallet/web-kit/ui/field';
import { ShieldIcon } from '@wallet/web-kit/ui/icons';
import { Money } from '@wallet/web-kit/ui/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { playerPath } from '@/lib/paths';
import { ExportCsvButton } from '@/ui/export-csv-button';
import { PagedTable } from '@/ui/paged-table';
import { protectionReportRequest, useProtectionReport } from '../api/get-protection-report';
import { ProtectionStateBadge } from './protection-tab';

function LimitCell({ amount }: { amount: number | null }) {
  return <td className="num nowrap">{amount === null ? '—' : <Money value={amount} />}</td>;
}

/** Issue 20: players by the protection active now (limits, time-out, exclusion, closed, cooling-off), paged and as CSV. */
export function ProtectionReportScreen() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ProtectionReportKind>('any');
  const [page, setPage] = useState(1);
  const report = useProtectionReport(kind, page);
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('protection.reportTitle')}</h1>
          <p className="muted">{t('protection.reportSubtitle')}</p>
        </div>
      </header>
      <div className="card filters">
        <SelectField
          label={t('protection.kindLabel')}
          name="kind"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as ProtectionReportKind);
            setPage(1);
          }}
          options={PROTECTION_REPORT_KINDS.map((value) => ({ value, label: t(`protection.kind.${value}`) }))}
        />
      </div>
      <PagedTable
        list={report}
        icon={<ShieldIcon />}
        label={t('protection.reportTitle')}
        exportCsv={
          <ExportCsvButton
            route="GET /api/backoffice/protection.csv"
            request={protectionReportRequest(kind)}
            name="protection"
          />
        }
        head={
          <>
            <th scope="col">{t('players.colPhone')}</th>
            <th scope="col">{t('players.colName')}</th>
            <th scope="col">{t('protection.colState')}</th>
            <th scope="col">{t('protection.until')}</th>
            <th scope="col" className="num">
              {t('protection.limit.day')}
            </th>
            <th scope="col" className="num">
              {t('protection.limit.week')}
            </th>
            <th scope="col" className="num">
              {t('protection.limit.month')}
            </th>
            <th scope="col">{t('protection.colSince')}</th>
          </>
        }
        columns={8}
        empty={t('protection.reportEmpty')}
        row={(item) => (
          <tr key={item.userId} data-testid={`protected-${item.userId}`}>
            <td className="strong nowrap">
              <Link to={playerPath(item.userId)}>{item.username}</Link>
            </td>
            <td className="nowrap">{item.name}</td>
            <td className="nowrap">
              <ProtectionStateBadge state={item.state} />
            </td>
            <td className="nowrap">{item.restrictedUntil ? <DateTime value={item.restrictedUntil} /> : '—'}</td>
            <LimitCell amount={item.dayLimit} />
            <LimitCell amount={item.weekLimit} />
            <LimitCell amount={item.monthLimit} />
            <td className="nowrap">
              <DateTime value={item.since} />
            </td>
          </tr>
        )}
        summary={(count) => t('players.count', { count })}
        paging={{ page, onPage: setPage, pageSize: PROTECTION_REPORT_PAGE_SIZE }}
      />
    </div>
  );
}
