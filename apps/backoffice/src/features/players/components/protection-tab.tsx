import type { DepositLimit, ProtectionView } from '@wallet/contract/protection';
import {
  EXCLUSION_MONTHS,
  type ExclusionMonths,
  LIMIT_PERIODS,
  PROTECTION_REPORT_PAGE_SIZE,
  TIMEOUT_DAYS,
  type TimeoutDays,
} from '@wallet/contract/protection-rules';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { SelectField } from '@wallet/web-kit/ui/field';
import { ShieldIcon } from '@wallet/web-kit/ui/icons';
import { Money } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { PagedTable } from '@/ui/paged-table';
import { useApplyProtection } from '../api/apply-protection';
import { usePlayerProtection } from '../api/get-player-protection';
import { ReasonDialog } from './reason-dialog';

/** A protection state as a badge: open in green, every pause in red. */
export function ProtectionStateBadge({ state }: { state: ProtectionView['state'] }) {
  const { t } = useTranslation();
  return (
    <span className={state === 'open' ? 'state is-on' : 'state is-off'} data-testid="protection-state">
      {t(`protection.state.${state}`)}
    </span>
  );
}

function LimitText({ limit }: { limit: DepositLimit }) {
  const { t } = useTranslation();
  return (
    <>
      {limit.amount === null ? (
        t('protection.noLimit')
      ) : (
        <>
          <Money value={limit.amount} /> ({t('protection.used')} <Money value={limit.used} />)
        </>
      )}
      {limit.pending ? (
        <span className="muted">
          {' · '}
          {limit.pending.amount === null ? (
            t('protection.pendingRemoval')
          ) : (
            <>
              {t('protection.pendingRaise')} <Money value={limit.pending.amount} />
            </>
          )}{' '}
          {t('protection.from')} <DateTime value={limit.pending.appliesAt} />
        </span>
      ) : null}
    </>
  );
}

function ProtectionFacts({ protection }: { protection: ProtectionView }) {
  const { t } = useTranslation();
  return (
    <dl className="facts">
      <dt>{t('protection.colState')}</dt>
      <dd>
        <ProtectionStateBadge state={protection.state} />
        {protection.restrictedUntil ? (
          <>
            {' '}
            {t('protection.until')} <DateTime value={protection.restrictedUntil} />
          </>
        ) : null}
      </dd>
      {LIMIT_PERIODS.map((period) => (
        <div key={period} className="facts-row">
          <dt>{t(`protection.limit.${period}`)}</dt>
          <dd data-testid={`bo-limit-${period}`}>
            <LimitText limit={protection.limits[period]} />
          </dd>
        </div>
      ))}
      <dt>{t('protection.timeout')}</dt>
      <dd>
        {protection.timeout ? (
          <>
            {t('protection.days', { count: protection.timeout.days })}:{' '}
            <DateTime value={protection.timeout.startedAt} /> → <DateTime value={protection.timeout.endsAt} />
          </>
        ) : (
          '—'
        )}
      </dd>
      <dt>{t('protection.exclusion')}</dt>
      <dd>
        {protection.exclusion ? (
          <>
            {t('protection.months', { count: protection.exclusion.months })}:{' '}
            <DateTime value={protection.exclusion.startedAt} /> → <DateTime value={protection.exclusion.endsAt} />
            {protection.exclusion.returnRequestedAt ? (
              <>
                {' · '}
                {t('protection.returnRequested')} <DateTime value={protection.exclusion.returnRequestedAt} />
              </>
            ) : null}
          </>
        ) : (
          '—'
        )}
      </dd>
      <dt>{t('protection.realityCheck')}</dt>
      <dd>
        {protection.realityCheckMinutes > 0
          ? t('protection.everyMinutes', { minutes: protection.realityCheckMinutes })
          : t('protection.off')}
      </dd>
    </dl>
  );
}

type Applying = { kind: 'timeout'; days: TimeoutDays } | { kind: 'exclusion'; months: ExclusionMonths } | null;

/**
 * The player page's protection tab (issue 20): limits, time-out, exclusion and their history; support
 * applies a time-out or exclusion on the player's request, with a reason. Nothing here shortens or lifts one.
 */
export function ProtectionTab({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const [page, setPage] = useState(1);
  const [applying, setApplying] = useState<Applying>(null);
  const list = usePlayerProtection(playerId, page);
  const apply = useApplyProtection();
  const protection = list.data?.protection;
  const canApply = canCall(me.data?.role, 'POST /api/backoffice/players/:id/protection/timeout');

  return (
    <div className="protection-tab" data-testid="protection-tab">
      {protection ? <ProtectionFacts protection={protection} /> : null}
      {protection && canApply ? (
        <div className="row-actions">
          <button type="button" className="btn btn-ghost" onClick={() => setApplying({ kind: 'timeout', days: 1 })}>
            {t('protection.applyTimeout')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => setApplying({ kind: 'exclusion', months: 6 })}
          >
            {t('protection.applyExclusion')}
          </button>
        </div>
      ) : null}
      <h3 className="section-title">{t('protection.history')}</h3>
      <PagedTable
        list={list}
        framed={false}
        icon={<ShieldIcon />}
        label={t('protection.history')}
        head={
          <>
            <th scope="col">{t('playerPage.colTime')}</th>
            <th scope="col">{t('protection.colEvent')}</th>
            <th scope="col" className="num">
              {t('playerPage.colAmount')}
            </th>
            <th scope="col">{t('protection.colEnds')}</th>
            <th scope="col">{t('protection.colBy')}</th>
            <th scope="col">{t('protection.colDetail')}</th>
          </>
        }
        columns={6}
        empty={t('protection.noHistory')}
        row={(event) => (
          <tr key={event.id}>
            <td className="nowrap">
              <DateTime value={event.at} />
            </td>
            <td>
              {t(`protection.event.${event.kind}`)}
              {event.period ? ` (${t(`protection.limit.${event.period}`, { defaultValue: event.period })})` : ''}
            </td>
            <td className="num nowrap">{event.amount === null ? '—' : <Money value={event.amount} />}</td>
            <td className="nowrap">{event.endsAt ? <DateTime value={event.endsAt} /> : '—'}</td>
            <td className="nowrap">{event.by === 'player' ? t('protection.byPlayer') : event.by}</td>
            <td className="break">{event.detail}</td>
          </tr>
        )}
        summary={(count) => t('playerPage.recordCount', { count })}
        paging={{ page, onPage: setPage, pageSize: PROTECTION_REPORT_PAGE_SIZE }}
      />
      <ReasonDialog
        open={applying !== null}
        title={applying?.kind === 'exclusion' ? t('protection.applyExclusion') : t('protection.applyTimeout')}
        description={t('protection.applyHint')}
        submitLabel={applying?.kind === 'exclusion' ? t('protection.submitExclusion') : t('protection.submitTimeout')}
        danger
        onSubmit={async (reason) => {
          if (!applying) return;
          await apply.mutateAsync({ ...applying, id: playerId, reason });
          toast.success(t(applying.kind === 'exclusion' ? 'protection.exclusionDone' : 'protection.timeoutDone'));
        }}
        onClose={() => setApplying(null)}
      >
        {applying?.kind === 'timeout' ? (
          <SelectField
            label={t('protection.length')}
            name="days"
            value={String(applying.days)}
            onChange={(event) => setApplying({ kind: 'timeout', days: Number(event.target.value) as TimeoutDays })}
            options={TIMEOUT_DAYS.map((days) => ({
              value: String(days),
              label: t('protection.days', { count: days }),
            }))}
          />
        ) : null}
        {applying?.kind === 'exclusion' ? (
          <SelectField
            label={t('protection.length')}
            name="months"
            value={String(applying.months)}
            onChange={(event) =>
              setApplying({ kind: 'exclusion', months: Number(event.target.value) as ExclusionMonths })
            }
            options={EXCLUSION_MONTHS.map((months) => ({
              value: String(months),
              label: t('protection.months', { count: months }),
            }))}
          />
        ) : null}
      </ReasonDialog>
    </div>
  );
}
