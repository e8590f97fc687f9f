import {
  ADJUSTMENT_STATUSES,
  type AdjustmentStatus,
  PLAYER_LIST_PAGE_SIZE,
} from '@wallet/contract/backoffice/player-rules';
import type { AdjustmentView } from '@wallet/contract/backoffice/players';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { SelectField } from '@wallet/web-kit/ui/field';
import { WalletIcon } from '@wallet/web-kit/ui/icons';
import { formatMoney, Money } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { playerPath } from '@/lib/paths';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { ExportCsvButton } from '@/ui/export-csv-button';
import { PagedTable } from '@/ui/paged-table';
import { useDecideAdjustment } from '../api/decide-adjustment';
import { adjustmentsRequest, useAdjustments } from '../api/get-adjustments';
import { ReasonDialog } from './reason-dialog';

type Decision = { adjustment: AdjustmentView; decision: 'approve' | 'refuse' } | null;

/**
 * The four-eyes queue: adjustments above the threshold wait here for a second operator. The one who
 * created an adjustment sees it but cannot approve it (the server refuses with OWN_ADJUSTMENT too).
 */
export function AdjustmentsScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const [status, setStatus] = useState<AdjustmentStatus>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<Decision>(null);
  const adjustments = useAdjustments({ status }, page);
  const decide = useDecideAdjustment();
  const canDecide = canCall(me.data?.role, 'POST /api/backoffice/adjustments/:id/approve') && status === 'pending';
  const data = adjustments.data;

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('adjustments.title')}</h1>
          <p className="muted">
            {data
              ? t('adjustments.subtitle', { threshold: formatMoney(data.fourEyesThreshold) })
              : t('adjustments.subtitleShort')}
          </p>
        </div>
        <SelectField
          label={t('bankChanges.show')}
          name="status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as AdjustmentStatus);
            setPage(1);
          }}
          options={ADJUSTMENT_STATUSES.map((s) => ({ value: s, label: t(`adjustments.status.${s}`) }))}
        />
      </header>
      <PagedTable
        list={adjustments}
        icon={<WalletIcon />}
        label={t('adjustments.title')}
        exportCsv={
          <ExportCsvButton
            route="GET /api/backoffice/adjustments.csv"
            request={adjustmentsRequest({ status })}
            name={`adjustments-${status}`}
          />
        }
        head={
          <>
            <th scope="col">{t('playerPage.colTime')}</th>
            <th scope="col">{t('bankChanges.player')}</th>
            <th scope="col" className="num">
              {t('playerPage.colAmount')}
            </th>
            <th scope="col">{t('players.reason')}</th>
            <th scope="col">{t('adjustments.colBy')}</th>
            {canDecide ? <th scope="col">{t('staff.colActions')}</th> : null}
          </>
        }
        columns={6}
        empty={t('adjustments.empty')}
        row={(adjustment) => {
          const own = adjustment.createdBy === me.data?.username;
          return (
            <tr key={adjustment.id} data-testid={`adjustment-${adjustment.id}`}>
              <td className="nowrap">
                <DateTime value={adjustment.createdAt} />
              </td>
              <td>
                <Link to={playerPath(adjustment.userId)} className="strong">
                  {adjustment.name}
                </Link>
                <br />
                <span className="muted mono">{adjustment.username}</span>
              </td>
              <td className="num nowrap" title={t(`adjustments.${adjustment.direction}`)}>
                <Money value={adjustment.direction === 'debit' ? -adjustment.amount : adjustment.amount} signed />{' '}
                {adjustment.currency}
                <br />
                <span className="muted">{t(`adjustments.${adjustment.direction}`)}</span>
              </td>
              <td className="break">{adjustment.reason}</td>
              <td className="nowrap">
                {adjustment.createdBy}
                {adjustment.decidedBy ? ` / ${adjustment.decidedBy}` : ''}
              </td>
              {canDecide ? (
                <td>
                  <div className="row-actions">
                    {own ? (
                      <span className="muted">{t('adjustments.waitingOther')}</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-primary btn-small"
                        onClick={() => setDeciding({ adjustment, decision: 'approve' })}
                      >
                        {t('adjustments.approve')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      onClick={() => setDeciding({ adjustment, decision: 'refuse' })}
                    >
                      {t('adjustments.refuse')}
                    </button>
                  </div>
                </td>
              ) : null}
            </tr>
          );
        }}
        summary={(count) => t('playerPage.recordCount', { count })}
        paging={{ page, onPage: setPage, pageSize: PLAYER_LIST_PAGE_SIZE }}
      />
      <ReasonDialog
        open={deciding !== null}
        title={deciding?.decision === 'refuse' ? t('adjustments.refuseTitle') : t('adjustments.approveTitle')}
        description={
          deciding
            ? t('adjustments.decisionHint', {
                direction: t(`adjustments.${deciding.adjustment.direction}`),
                amount: formatMoney(deciding.adjustment.amount),
                name: deciding.adjustment.name,
              })
            : undefined
        }
        submitLabel={deciding?.decision === 'refuse' ? t('adjustments.refuse') : t('adjustments.approve')}
        danger={deciding?.decision === 'refuse'}
        reasonRequired={deciding?.decision === 'refuse'}
        onSubmit={async (reason) => {
          if (!deciding) return;
          await decide.mutateAsync({ id: deciding.adjustment.id, decision: deciding.decision, reason });
          toast.success(deciding.decision === 'refuse' ? t('adjustments.refusedDone') : t('adjustments.approvedDone'));
        }}
        onClose={() => setDeciding(null)}
      />
    </div>
  );
}
