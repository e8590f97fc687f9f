import type { BackofficeRoute } from '@wallet/contract/backoffice/permissions';
import { GiftIcon } from '@wallet/web-kit/ui/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { BonusTypesPanel } from './bonus-types-panel';
import { CostReportPanel } from './cost-report-panel';
import { InviteSettingsPanel, RefundSettingsPanel } from './programme-settings';
import { PromotionCodesPanel } from './promotion-codes-panel';

const TABS = ['bonuses', 'codes', 'invite', 'refund', 'report'] as const;
type Tab = (typeof TABS)[number];

/** The call each tab opens with: a role that may not make it does not see the tab (finance: the report only). */
const TAB_NEEDS: Record<Tab, BackofficeRoute> = {
  bonuses: 'GET /api/backoffice/promotions/bonuses',
  codes: 'GET /api/backoffice/promotions/codes',
  invite: 'GET /api/backoffice/promotions/invite',
  refund: 'GET /api/backoffice/promotions/refund',
  report: 'GET /api/backoffice/promotions/report',
};

/** Marketing's promotions (bonus types, codes, invite and refund) and finance's view of what they cost (?tab=). */
export function PromotionsScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const role = me.data?.role;
  const tabs = TABS.filter((tab) => canCall(role, TAB_NEEDS[tab]));
  const asked = params.get('tab') as Tab | null;
  const tab: Tab | undefined = asked && tabs.includes(asked) ? asked : tabs[0];
  const canManage = canCall(role, 'PUT /api/backoffice/promotions/bonuses/:code');
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">
            <GiftIcon /> {t('promotions.title')}
          </h1>
          <p className="muted">{t('promotions.subtitle')}</p>
        </div>
      </header>
      <div className="tabs" role="tablist" aria-label={t('promotions.title')}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`promotions-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`promotions-panel-${name}`}
            className={tab === name ? 'tab is-current' : 'tab'}
            onClick={() => setParams({ tab: name })}
          >
            {t(`promotions.tabs.${name}`)}
          </button>
        ))}
      </div>
      {tab ? (
        <div role="tabpanel" id={`promotions-panel-${tab}`} aria-labelledby={`promotions-tab-${tab}`}>
          {tab === 'bonuses' ? <BonusTypesPanel canManage={canManage} /> : null}
          {tab === 'codes' ? <PromotionCodesPanel canManage={canManage} /> : null}
          {tab === 'invite' ? <InviteSettingsPanel canManage={canManage} /> : null}
          {tab === 'refund' ? <RefundSettingsPanel canManage={canManage} /> : null}
          {tab === 'report' ? <CostReportPanel /> : null}
        </div>
      ) : null}
    </div>
  );
}
