import type { BackofficeRoute } from '@wallet/contract/backoffice/permissions';
import { GiftIcon } from '@wallet/web-kit/ui/icons';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { TabbedScreen } from '@/ui/tabbed-screen';
import { BonusTypesPanel } from './bonus-types-panel';
import { CostReportPanel } from './cost-report-panel';
import { InviteSettingsPanel, RefundSettingsPanel } from './programme-settings';
import { PromotionCodesPanel } from './promotion-codes-panel';

/** The call each tab opens with: a role that may not make it does not see the tab (finance: the report only). */
const TABS = {
  bonuses: 'GET /api/backoffice/promotions/bonuses',
  codes: 'GET /api/backoffice/promotions/codes',
  invite: 'GET /api/backoffice/promotions/invite',
  refund: 'GET /api/backoffice/promotions/refund',
  report: 'GET /api/backoffice/promotions/report',
} satisfies Record<string, BackofficeRoute>;

/** Marketing's promotions (bonus types, codes, invite and refund) and finance's view of what they cost (?tab=). */
export function PromotionsScreen() {
  const { t } = useTranslation();
  return (
    <TabbedScreen
      id="promotions"
      icon={<GiftIcon />}
      title={t('promotions.title')}
      subtitle={t('promotions.subtitle')}
      tabs={TABS}
      tabLabel={(tab) => t(`promotions.tabs.${tab}`)}
    >
      {(tab, role) => {
        const canManage = canCall(role, 'PUT /api/backoffice/promotions/bonuses/:code');
        return (
          <>
            {tab === 'bonuses' ? <BonusTypesPanel canManage={canManage} /> : null}
            {tab === 'codes' ? <PromotionCodesPanel canManage={canManage} /> : null}
            {tab === 'invite' ? <InviteSettingsPanel canManage={canManage} /> : null}
            {tab === 'refund' ? <RefundSettingsPanel canManage={canManage} /> : null}
            {tab === 'report' ? <CostReportPanel /> : null}
          </>
        );
      }}
    </TabbedScreen>
  );
}
