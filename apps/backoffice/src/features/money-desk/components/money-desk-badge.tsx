import type { MoneyQueueCounts } from '@wallet/contract/backoffice/money-desk';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { useMoneyCounts, useMoneyCountsLive } from '../api/get-counts';

/** The open items the operator's role reads, for the navigation's badge; kept live over the socket. */
export function MoneyDeskBadge() {
  const { t } = useTranslation();
  const me = useMe();
  const role = me.data?.role;
  const readsMoney = canCall(role, 'GET /api/backoffice/money/transfers');
  const readsSlips = canCall(role, 'GET /api/backoffice/money/slips');
  const enabled = readsMoney || readsSlips;
  const counts = useMoneyCounts(enabled);
  useMoneyCountsLive(enabled);
  if (!counts.data) return null;
  const total = openItems(counts.data, readsMoney, readsSlips);
  return (
    <span
      className={total > 0 ? 'count-badge' : 'count-badge is-zero'}
      data-testid="nav-money-count"
      title={t('moneyDesk.openItems', { count: total })}
    >
      {total}
    </span>
  );
}

export function openItems(counts: MoneyQueueCounts, readsMoney: boolean, readsSlips: boolean): number {
  return (
    (readsMoney ? counts.transfers + counts.manualDeposits + counts.withdrawals : 0) + (readsSlips ? counts.slips : 0)
  );
}
