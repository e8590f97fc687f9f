import type { BonusCheckActiveResponse } from '@wallet/contract/bonus';
import { formatCount } from '@wallet/web-kit/lib/number-format';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  DocumentIcon,
  RefreshIcon,
  RefundIcon,
  UserPlusIcon,
  WheelIcon,
} from '@wallet/web-kit/ui/icons';
import type { TFunction } from 'i18next';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** A widget that opens one of Home's dialogs. */
function DialogWidget({
  icon,
  label,
  testId,
  onOpen,
}: {
  icon: ReactNode;
  label: string;
  testId: string;
  onOpen: () => void;
}) {
  return (
    <li>
      <button type="button" className="widget" data-testid={testId} onClick={onOpen} aria-haspopup="dialog">
        <span className="widget-icon">{icon}</span>
        <span className="widget-label">{label}</span>
      </button>
    </li>
  );
}

interface HomeWidgetsProps {
  onDeposit: () => void;
  onWithdraw: () => void;
  onInvite: () => void;
  onRefund: () => void;
  onRefreshAll: () => void;
  refreshing: boolean;
  /** The running bonus's name, shown on the bonus-conditions widget; null or absent when none runs. */
  /** The running bonus (GET /api/bonus/check/active), named on the bonus-conditions widget. */
  activeBonus?: BonusCheckActiveResponse | undefined;
  /** The player's coins while a wheel is active (the spin widget shows them); null when no wheel is active. */
  spinCoins?: number | null;
}

/** SPEC §2 widget grid: the spin wheel with the coin count while a wheel is active, otherwise refresh-all. */
export const HomeWidgets = memo(function HomeWidgets({
  onDeposit,
  onWithdraw,
  onInvite,
  onRefund,
  onRefreshAll,
  refreshing,
  activeBonus,
  spinCoins = null,
}: HomeWidgetsProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('home.widgets')}>
      <ul className="widget-grid">
        <DialogWidget icon={<ArrowDownIcon />} label={t('home.deposit')} testId="widget-deposit" onOpen={onDeposit} />
        <DialogWidget icon={<ArrowUpIcon />} label={t('home.withdraw')} testId="widget-withdraw" onOpen={onWithdraw} />
        {spinCoins !== null ? (
          <li>
            <Link to={paths.userSpin} className="widget" data-testid="widget-spin">
              <span className="widget-icon">
                <WheelIcon />
              </span>
              <span className="widget-label">{t('home.spin')}</span>
              <span className="widget-note" data-testid="widget-spin-coins">
                {t('home.spinCoins', { count: spinCoins, value: formatCount(spinCoins) })}
              </span>
            </Link>
          </li>
        ) : (
          <li>
            <button
              type="button"
              className="widget"
              data-testid="refresh-all"
              onClick={onRefreshAll}
              disabled={refreshing}
              aria-busy={refreshing}
            >
              <span className={refreshing ? 'widget-icon is-spinning' : 'widget-icon'}>
                <RefreshIcon />
              </span>
              <span className="widget-label">{t('home.refreshAll')}</span>
            </button>
          </li>
        )}
        <DialogWidget icon={<UserPlusIcon />} label={t('home.invite')} testId="widget-invite" onOpen={onInvite} />
        <li>
          <Link to={paths.userBonus} className="widget" data-testid="widget-bonus">
            <span className="widget-icon">
              <DocumentIcon />
            </span>
            <span className="widget-label">{t('home.bonusConditions')}</span>
            {activeBonus?.status ? (
              <span className="widget-note">{t('home.bonusActive', { name: runningBonusName(activeBonus, t) })}</span>
            ) : null}
          </Link>
        </li>
        <DialogWidget icon={<RefundIcon />} label={t('home.refund')} testId="widget-refund" onOpen={onRefund} />
      </ul>
    </nav>
  );
});

/**
 * The running bonus as players know it: a bonus or promotion by the name the server gives in their language;
 * an invite or refund bonus, which has no name (its code is INVITE or REFUND), by its kind.
 */
function runningBonusName(active: BonusCheckActiveResponse, t: TFunction): string {
  if (active.type === 'invite' || active.type === 'refund') return t(`home.bonusSource.${active.type}`);
  return active.name ?? active.code ?? '';
}
