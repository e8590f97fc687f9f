import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { ArrowDownIcon, ArrowUpIcon, DocumentIcon, RefreshIcon, RefundIcon, UserPlusIcon } from '@/ui/icons';

/** A widget whose dialog arrives in a later issue: visibly disabled and labelled "coming soon", never dead. */
function SoonWidget({ icon, label, testId }: { icon: ReactNode; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <li>
      <button type="button" className="widget is-soon" data-testid={testId} disabled>
        <span className="widget-icon">{icon}</span>
        <span className="widget-label">{label}</span>
        <span className="soon-badge">{t('home.comingSoon')}</span>
      </button>
    </li>
  );
}

/** SPEC §2 widget grid. The spin wheel's active check does not exist yet, so refresh-all takes its place. */
export function HomeWidgets({ onRefreshAll, refreshing }: { onRefreshAll: () => void; refreshing: boolean }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('home.widgets')}>
      <ul className="widget-grid">
        <SoonWidget icon={<ArrowDownIcon />} label={t('home.deposit')} testId="widget-deposit" />
        <SoonWidget icon={<ArrowUpIcon />} label={t('home.withdraw')} testId="widget-withdraw" />
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
        <SoonWidget icon={<UserPlusIcon />} label={t('home.invite')} testId="widget-invite" />
        <li>
          <Link to={paths.userBonus} className="widget" data-testid="widget-bonus">
            <span className="widget-icon">
              <DocumentIcon />
            </span>
            <span className="widget-label">{t('home.bonusConditions')}</span>
          </Link>
        </li>
        <SoonWidget icon={<RefundIcon />} label={t('home.refund')} testId="widget-refund" />
      </ul>
    </nav>
  );
}
