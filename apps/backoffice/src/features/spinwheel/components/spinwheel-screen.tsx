import type { BackofficeRoute } from '@wallet/contract/backoffice/permissions';
import { WheelIcon } from '@wallet/web-kit/ui/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { CouponsPanel } from './coupons-panel';
import { ReportPanel } from './report-panel';
import { SpinLogPanel } from './spin-log-panel';
import { WheelsPanel } from './wheels-panel';

const TABS = ['wheels', 'spins', 'coupons', 'report'] as const;
type Tab = (typeof TABS)[number];

/** The call each tab opens with: a role that may not make it does not see the tab. */
const TAB_NEEDS: Record<Tab, BackofficeRoute> = {
  wheels: 'GET /api/backoffice/spinwheel/wheels',
  spins: 'GET /api/backoffice/spinwheel/spins',
  coupons: 'GET /api/backoffice/spinwheel/coupons',
  report: 'GET /api/backoffice/spinwheel/report',
};

/** Marketing's wheels, the spin log, the coupons won (support hands over the non-cash prizes) and the report (?tab=). */
export function SpinwheelScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const role = me.data?.role;
  const tabs = TABS.filter((tab) => canCall(role, TAB_NEEDS[tab]));
  const asked = params.get('tab') as Tab | null;
  const tab: Tab | undefined = asked && tabs.includes(asked) ? asked : tabs[0];
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">
            <WheelIcon /> {t('spinwheel.title')}
          </h1>
          <p className="muted">{t('spinwheel.subtitle')}</p>
        </div>
      </header>
      <div className="tabs" role="tablist" aria-label={t('spinwheel.title')}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`spinwheel-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`spinwheel-panel-${name}`}
            className={tab === name ? 'tab is-current' : 'tab'}
            onClick={() => setParams({ tab: name })}
          >
            {t(`spinwheel.tabs.${name}`)}
          </button>
        ))}
      </div>
      {tab ? (
        <div
          role="tabpanel"
          className="spin-panel"
          id={`spinwheel-panel-${tab}`}
          aria-labelledby={`spinwheel-tab-${tab}`}
        >
          {tab === 'wheels' ? (
            <WheelsPanel canManage={canCall(role, 'PUT /api/backoffice/spinwheel/wheels/:id')} />
          ) : null}
          {tab === 'spins' ? <SpinLogPanel /> : null}
          {tab === 'coupons' ? (
            <CouponsPanel canFulfil={canCall(role, 'POST /api/backoffice/spinwheel/coupons/:id/fulfil')} />
          ) : null}
          {tab === 'report' ? <ReportPanel /> : null}
        </div>
      ) : null}
    </div>
  );
}
