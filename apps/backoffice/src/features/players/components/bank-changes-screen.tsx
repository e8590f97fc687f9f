import { formatAccountNumber } from '@wallet/contract/account-rules';
import {
  BANK_CHANGE_STATUSES,
  type BankChangeStatus,
  PLAYER_LIST_PAGE_SIZE,
} from '@wallet/contract/backoffice/player-rules';
import type { BankChangeListItem } from '@wallet/contract/backoffice/players';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { SelectField } from '@wallet/web-kit/ui/field';
import { BankIcon } from '@wallet/web-kit/ui/icons';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { playerPath } from '@/lib/paths';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { ExportCsvButton } from '@/ui/export-csv-button';
import { PagedTable } from '@/ui/paged-table';
import { useDecideBankChange } from '../api/decide-bank-change';
import { bankChangesRequest, useBankChanges } from '../api/get-bank-changes';
import { ReasonDialog } from './reason-dialog';

function Account({ account }: { account: BankChangeListItem['old'] }) {
  return (
    <span className="mono">
      {account.bankCode} {formatAccountNumber(account.bankAccountNo)}
      <br />
      {account.bankAccountName}
    </span>
  );
}

/**
 * Players' requests to change the account their withdrawals go to: support compares the old account
 * with the new one and approves (the account changes) or refuses with a reason the player reads.
 */
export function BankChangesScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const [status, setStatus] = useState<BankChangeStatus>('pending');
  const [page, setPage] = useState(1);
  const [refusing, setRefusing] = useState<BankChangeListItem | null>(null);
  const [approving, setApproving] = useState<BankChangeListItem | null>(null);
  const requests = useBankChanges(status, page);
  const decide = useDecideBankChange();
  const canDecide = canCall(me.data?.role, 'POST /api/backoffice/bank-changes/:id/approve') && status === 'pending';

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('bankChanges.title')}</h1>
          <p className="muted">{t('bankChanges.subtitle')}</p>
        </div>
        <SelectField
          label={t('bankChanges.show')}
          name="status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as BankChangeStatus);
            setPage(1);
          }}
          options={BANK_CHANGE_STATUSES.map((s) => ({ value: s, label: t(`bankChanges.status.${s}`) }))}
        />
      </header>
      <PagedTable
        list={requests}
        icon={<BankIcon />}
        label={t('bankChanges.title')}
        exportCsv={
          <ExportCsvButton
            route="GET /api/backoffice/bank-changes.csv"
            request={bankChangesRequest(status)}
            name={`bank-changes-${status}`}
          />
        }
        head={
          <>
            <th scope="col">{t('bankChanges.requestedAt')}</th>
            <th scope="col">{t('bankChanges.player')}</th>
            <th scope="col">{t('bankChanges.from')}</th>
            <th scope="col">{t('bankChanges.to')}</th>
            {status === 'pending' ? null : <th scope="col">{t('bankChanges.decision')}</th>}
            {canDecide ? <th scope="col">{t('staff.colActions')}</th> : null}
          </>
        }
        columns={5}
        empty={t('bankChanges.empty')}
        row={(request) => (
          <tr key={request.id} data-testid={`bank-change-${request.userId}`}>
            <td className="nowrap">
              <DateTime value={request.createdAt} />
            </td>
            <td>
              <Link to={playerPath(request.userId)} className="strong">
                {request.name}
              </Link>
              <br />
              <span className="muted mono nowrap">{request.username}</span>
            </td>
            <td>
              <Account account={request.old} />
            </td>
            <td>
              <Account account={request.new} />
            </td>
            {status === 'pending' ? null : (
              <td className="break">
                {request.decidedBy}
                {request.reason ? `: ${request.reason}` : ''}
              </td>
            )}
            {canDecide ? (
              <td>
                <div className="row-actions">
                  <button type="button" className="btn btn-primary btn-small" onClick={() => setApproving(request)}>
                    {t('bankChanges.approve')}
                  </button>
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => setRefusing(request)}>
                    {t('bankChanges.refuse')}
                  </button>
                </div>
              </td>
            ) : null}
          </tr>
        )}
        summary={(count) => t('bankChanges.count', { count })}
        paging={{ page, onPage: setPage, pageSize: PLAYER_LIST_PAGE_SIZE }}
      />
      <ReasonDialog
        open={approving !== null}
        title={t('bankChanges.approveTitle', { name: approving?.name ?? '' })}
        description={t('bankChanges.approveHint')}
        submitLabel={t('bankChanges.approve')}
        reasonRequired={false}
        onSubmit={async (reason) => {
          if (!approving) return;
          await decide.mutateAsync({ id: approving.id, decision: 'approve', reason });
          toast.success(t('bankChanges.approvedDone'));
        }}
        onClose={() => setApproving(null)}
      />
      <ReasonDialog
        open={refusing !== null}
        title={t('bankChanges.refuseTitle')}
        description={t('bankChanges.refuseHint')}
        submitLabel={t('bankChanges.refuse')}
        danger
        onSubmit={async (reason) => {
          if (!refusing) return;
          await decide.mutateAsync({ id: refusing.id, decision: 'refuse', reason });
          toast.success(t('bankChanges.refusedDone'));
        }}
        onClose={() => setRefusing(null)}
      />
    </div>
  );
}
