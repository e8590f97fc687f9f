import type { SpinLogRow } from '@wallet/contract/backoffice/spinwheel';
import { SPIN_PAGE_SIZE } from '@wallet/contract/backoffice/spinwheel-rules';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { TextField } from '@wallet/web-kit/ui/field';
import { ListIcon } from '@wallet/web-kit/ui/icons';
import { useTranslation } from 'react-i18next';
import { useFilterForm } from '@/lib/filter-form';
import { DateTimeField } from '@/ui/date-time-field';
import { ExportCsvButton } from '@/ui/export-csv-button';
import { PagedTable } from '@/ui/paged-table';
import { EMPTY_SPIN_LOG_FILTERS, spinLogRequest, useSpinLog } from '../api/get-spin-log';
import { PlayerCell } from './player-cell';
import { useWheelNames, WheelSelect } from './wheel-select';
import { prizeText } from './wheel-texts';

/** Every spin, newest first: who, when, on which wheel version, what it drew and where its coupon is now. */
export function SpinLogPanel() {
  const { t } = useTranslation();
  const { draft, setDraft, filters, page, setPage, apply, clear, bind } = useFilterForm(EMPTY_SPIN_LOG_FILTERS);
  const spins = useSpinLog(filters, page);
  const wheelName = useWheelNames();
  return (
    <>
      <form className="card filters" onSubmit={apply} aria-label={t('spinwheel.filterSpins')}>
        <WheelSelect value={draft.wheelId} onChange={(wheelId) => setDraft((current) => ({ ...current, wheelId }))} />
        <TextField label={t('spinwheel.playerId')} autoComplete="off" maxLength={64} {...bind('playerId')} />
        <DateTimeField kind="date" label={t('spinwheel.from')} {...bind('from')} />
        <DateTimeField kind="date" label={t('spinwheel.to')} {...bind('to')} />
        <div className="filters-actions">
          <button type="submit" className="btn btn-primary">
            {t('spinwheel.apply')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={clear}>
            {t('spinwheel.reset')}
          </button>
        </div>
      </form>
      <PagedTable<SpinLogRow>
        list={spins}
        icon={<ListIcon />}
        label={t('spinwheel.tabs.spins')}
        columns={6}
        empty={t('spinwheel.noSpins')}
        summary={(total) => t('spinwheel.rows', { count: total })}
        paging={{ page, onPage: setPage, pageSize: SPIN_PAGE_SIZE }}
        exportCsv={
          <ExportCsvButton
            route="GET /api/backoffice/spinwheel/spins.csv"
            request={spinLogRequest(filters)}
            name="spins"
          />
        }
        head={
          <>
            <th scope="col">{t('spinwheel.at')}</th>
            <th scope="col">{t('spinwheel.player')}</th>
            <th scope="col">{t('spinwheel.wheel')}</th>
            <th scope="col">{t('spinwheel.slice')}</th>
            <th scope="col">{t('spinwheel.prize.title')}</th>
            <th scope="col">{t('spinwheel.couponStatus')}</th>
          </>
        }
        row={(spin) => (
          <tr key={spin.id} data-testid="spin-row">
            <td className="nowrap">
              <DateTime value={spin.at} />
            </td>
            <td className="nowrap">
              <PlayerCell playerId={spin.playerId} username={spin.username} />
            </td>
            <td>
              {wheelName(spin.wheelId)}{' '}
              <span className="muted">{t('spinwheel.versionShort', { version: spin.version })}</span>
            </td>
            <td>
              <span className="strong">{spin.sliceCode}</span> {spin.sliceLabel}
            </td>
            <td>{prizeText(t, spin.prizeType, spin.amount)}</td>
            <td>{t(`spinwheel.statuses.${spin.couponStatus}`)}</td>
          </tr>
        )}
      />
    </>
  );
}
