import type { BackofficeRoute } from '@wallet/contract/backoffice/permissions';
import { WheelIcon } from '@wallet/web-kit/ui/icons';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { TabbedScreen } from '@/ui/tabbed-screen';
import { CouponsPanel } from './coupons-panel';
import { ReportPanel } from './report-panel';
import { SpinLogPanel } from './spin-log-panel';
import { WheelsPanel } from './wheels-panel';

/** The call each tab opens with: a role that may not make it does not see the tab. */
const TABS = {
  wheels: 'GET /api/backoffice/spinwheel/wheels',
  spins: 'GET /api/backoffice/spinwheel/spins',
  coupons: 'GET /api/backoffice/spinwheel/coupons',
  report: 'GET /api/backoffice/spinwheel/report',
} satisfies Record<string, BackofficeRoute>;

/** Marketing's wheels, the spin log, the coupons won (support hands over the non-cash prizes) and the report (?tab=). */
export function SpinwheelScreen() {
  const { t } = useTranslation();
  return (
    <TabbedScreen
      id="spinwheel"
      icon={<WheelIcon />}
      title={t('spinwheel.title')}
      subtitle={t('spinwheel.subtitle')}
      tabs={TABS}
      tabLabel={(tab) => t(`spinwheel.tabs.${tab}`)}
      panelClassName="spin-panel"
    >
      {(tab, role) => (
        <>
          {tab === 'wheels' ? (
            <WheelsPanel canManage={canCall(role, 'PUT /api/backoffice/spinwheel/wheels/:id')} />
          ) : null}
          {tab === 'spins' ? <SpinLogPanel /> : null}
          {tab === 'coupons' ? (
            <CouponsPanel canFulfil={canCall(role, 'POST /api/backoffice/spinwheel/coupons/:id/fulfil')} />
          ) : null}
          {tab === 'report' ? <ReportPanel /> : null}
        </>
      )}
    </TabbedScreen>
  );
}
