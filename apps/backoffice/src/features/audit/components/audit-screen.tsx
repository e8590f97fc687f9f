import type { AuditEntry } from '@wallet/contract/backoffice/audit';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, AUDIT_TARGET_TYPES } from '@wallet/contract/backoffice/audit-actions';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { SelectField, TextField } from '@wallet/web-kit/ui/field';
import { ListIcon } from '@wallet/web-kit/ui/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFilterForm } from '@/lib/filter-form';
import { playerPath } from '@/lib/paths';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { useStaff } from '@/lib/staff/get-staff';
import { DateTimeField } from '@/ui/date-time-field';
import { ExportCsvButton } from '@/ui/export-csv-button';
import { PagedTable } from '@/ui/paged-table';
import { auditRequest, EMPTY_AUDIT_FILTERS, useAudit } from '../api/get-audit';

/** Who changed what and when, newest first: filtered and paged by the server, downloadable as CSV. */
export function AuditScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const { filters, page, setPage, apply, clear, bind } = useFilterForm(EMPTY_AUDIT_FILTERS);
  const audit = useAudit(filters, page);
  const staff = useStaff({ enabled: canCall(me.data?.role, 'GET /api/backoffice/staff') });

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('audit.title')}</h1>
          <p className="muted">{t('audit.subtitle')}</p>
        </div>
      </header>
      <form className="card filters" onSubmit={apply} aria-label={t('audit.apply')}>
        {staff.data ? (
          <SelectField
            label={t('audit.operator')}
            placeholder={t('audit.anyOperator')}
            options={staff.data.items.map((member) => ({ value: member.id, label: member.username }))}
            {...bind('operatorId')}
          />
        ) : null}
        <SelectField
          label={t('audit.action')}
          placeholder={t('audit.anyAction')}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`auditActions.${action}`) }))}
          {...bind('action')}
        />
        <SelectField
          label={t('audit.targetType')}
          placeholder={t('audit.anyTarget')}
          options={AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: t(`targetTypes.${type}`) }))}
          {...bind('targetType')}
        />
        <TextField label={t('audit.targetId')} autoComplete="off" maxLength={64} {...bind('targetId')} />
        <DateTimeField kind="date" label={t('audit.from')} {...bind('from')} />
        <DateTimeField kind="date" label={t('audit.to')} {...bind('to')} />
        <div className="filters-actions">
          <button type="submit" className="btn btn-primary">
            {t('audit.apply')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={clear}>
            {t('audit.reset')}
          </button>
        </div>
      </form>
      <PagedTable
        list={audit}
        icon={<ListIcon />}
        label={t('audit.title')}
        exportCsv={
          <ExportCsvButton route="GET /api/backoffice/audit.csv" request={auditRequest(filters)} name="audit" />
        }
        head={
          <>
            <th scope="col" aria-sort="descending">
              {t('audit.colTime')} <span className="muted">({t('audit.newestFirst')})</span>
            </th>
            <th scope="col">{t('audit.colOperator')}</th>
            <th scope="col">{t('audit.colAction')}</th>
            <th scope="col">{t('audit.colTarget')}</th>
            <th scope="col">{t('audit.colReason')}</th>
            <th scope="col">{t('audit.colIp')}</th>
            <th scope="col">{t('audit.colDetails')}</th>
          </>
        }
        columns={7}
        empty={t('audit.empty')}
        row={(entry) => <AuditRow key={entry.id} entry={entry} />}
        summary={(count) => t('audit.total', { count })}
        paging={{ page, onPage: setPage, pageSize: AUDIT_PAGE_SIZE }}
      />
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const actionKey = `auditActions.${entry.action}`;
  // Later screens add actions; one this build does not know yet shows as the server names it.
  const action = i18n.exists(actionKey) ? t(actionKey) : entry.action;
  const targetKey = `targetTypes.${entry.targetType}`;
  const targetType = entry.targetType && i18n.exists(targetKey) ? t(targetKey) : entry.targetType;
  const hasChange = entry.before != null || entry.after != null;
  return (
    <tr data-testid="audit-row">
      <td className="nowrap">
        <DateTime value={entry.at} />
      </td>
      <td>
        <span className="strong">{entry.operatorUsername}</span>
        {entry.operatorRole ? <span className="role-badge">{t(`roles.${entry.operatorRole}`)}</span> : null}
      </td>
      <td>{action}</td>
      <td className="break">
        {entry.targetPlayer && entry.targetId ? (
          <>
            {targetType} ·{' '}
            <Link to={playerPath(entry.targetId)}>
              <span className="mono">{entry.targetPlayer.username}</span> {entry.targetPlayer.name}
            </Link>
          </>
        ) : (
          [targetType, entry.targetId].filter(Boolean).join(' · ')
        )}
      </td>
      <td className="break">{entry.reason}</td>
      <td className="nowrap mono">{entry.ip}</td>
      <td>
        <details className="audit-details">
          <summary>{t('audit.show')}</summary>
          <p className="muted">{t('audit.requestId', { id: entry.requestId })}</p>
          {hasChange ? (
            <div className="audit-change">
              <div>
                <p className="strong">{t('audit.before')}</p>
                <pre>{JSON.stringify(entry.before, null, 2)}</pre>
              </div>
              <div>
                <p className="strong">{t('audit.after')}</p>
                <pre>{JSON.stringify(entry.after, null, 2)}</pre>
              </div>
            </div>
          ) : null}
        </details>
      </td>
    </tr>
  );
}
