import type { UseQueryResult } from '@tanstack/react-query';
import type { InviteSettingsView, PromotionBanners, RefundSettingsView } from '@wallet/contract/backoffice/promotions';
import { PERCENT_FAIL_MAX, REFUND_PERIODS, type RefundPeriod } from '@wallet/contract/backoffice/promotions-rules';
import { SelectField } from '@wallet/web-kit/ui/field';
import { GiftIcon, RefundIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageFields } from '@/ui/language-fields';
import { useInviteSettings } from '../api/get-invite-settings';
import { useRefundSettings } from '../api/get-refund-settings';
import { useSaveInviteSettings } from '../api/save-invite-settings';
import { useSaveRefundSettings } from '../api/save-refund-settings';
import { BannersEditor } from './banners-editor';
import { DraftNumberField } from './draft-field';
import { draftReader, textFromMinor } from './form-values';
import { EnabledCheck, PromotionForm } from './promotion-form';

/** The programme's settings once loaded, or what went wrong loading them. */
function SettingsPanel<Settings>({
  settings,
  icon,
  form,
}: {
  settings: UseQueryResult<Settings>;
  icon: ReactNode;
  form: (settings: Settings) => ReactNode;
}) {
  if (settings.isError) {
    return <LoadFailedCard icon={icon} error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  if (!settings.data) return <Loader />;
  return form(settings.data);
}

/** The invite (referral) programme: the percent of each referred deposit and the bonus a claim becomes. */
export function InviteSettingsPanel({ canManage }: { canManage: boolean }) {
  return (
    <SettingsPanel
      settings={useInviteSettings()}
      icon={<GiftIcon />}
      form={(settings) => <InviteForm key={JSON.stringify(settings)} settings={settings} canManage={canManage} />}
    />
  );
}

function InviteForm({ settings, canManage }: { settings: InviteSettingsView; canManage: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({
    percent: String(settings.percent),
    percentSuccess: String(settings.percentSuccess),
    percentFail: String(settings.percentFail),
  });
  const set = (changes: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...changes }));
  const [enabled, setEnabled] = useState(settings.enabled);
  const [banners, setBanners] = useState<PromotionBanners>(settings.banners);
  const check = () => {
    const read = draftReader(draft, t);
    const payload = {
      enabled,
      percent: read.whole('percent', 100),
      percentSuccess: read.whole('percentSuccess', 10_000),
      percentFail: read.whole('percentFail', PERCENT_FAIL_MAX),
      banners,
    };
    return { payload, problems: read.problems as Record<string, string> };
  };
  const number = (name: keyof typeof draft, label: string, problems: Record<string, string>, hint?: string) => (
    <DraftNumberField draft={draft} problems={problems} set={set} name={name} label={label} hint={hint} />
  );
  return (
    <PromotionForm
      id="invite"
      icon={<GiftIcon />}
      title={t('promotions.tabs.invite')}
      hint={t('promotions.inviteHint')}
      canManage={canManage}
      save={useSaveInviteSettings()}
      check={check}
      variables={{}}
    >
      {(problems) => (
        <>
          <div className="settings-grid">
            <EnabledCheck enabled={enabled} onChange={setEnabled} />
            {number('percent', t('promotions.invitePercent'), problems)}
            {number('percentSuccess', t('promotions.percentSuccess'), problems, t('promotions.percentSuccessHint'))}
            {number('percentFail', t('promotions.percentFail'), problems, t('promotions.percentFailHint'))}
          </div>
          <BannersEditor value={banners} onChange={setBanners} />
        </>
      )}
    </PromotionForm>
  );
}

/** The refund (cashback) programme: which period's net loss, what share of it, and the bonus it becomes. */
export function RefundSettingsPanel({ canManage }: { canManage: boolean }) {
  return (
    <SettingsPanel
      settings={useRefundSettings()}
      icon={<RefundIcon />}
      form={(settings) => <RefundForm key={JSON.stringify(settings)} settings={settings} canManage={canManage} />}
    />
  );
}

function RefundForm({ settings, canManage }: { settings: RefundSettingsView; canManage: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({
    percent: String(settings.percent),
    minimum: textFromMinor(settings.minimum),
    cap: textFromMinor(settings.cap),
    percentSuccess: String(settings.percentSuccess),
    percentFail: String(settings.percentFail),
  });
  const set = (changes: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...changes }));
  const [enabled, setEnabled] = useState(settings.enabled);
  const [period, setPeriod] = useState<RefundPeriod>(settings.period);
  const [info, setInfo] = useState(settings.info);
  const [banners, setBanners] = useState<PromotionBanners>(settings.banners);
  const check = () => {
    const read = draftReader(draft, t);
    const payload = {
      enabled,
      period,
      percent: read.whole('percent', 100),
      minimum: read.money('minimum'),
      cap: read.money('cap'),
      percentSuccess: read.whole('percentSuccess', 10_000),
      percentFail: read.whole('percentFail', PERCENT_FAIL_MAX),
      info,
      banners,
    };
    if (!read.problems.cap && payload.cap > 0 && payload.minimum > payload.cap) {
      read.problems.cap = t('promotions.capBelowMinimum');
    }
    return { payload, problems: read.problems as Record<string, string> };
  };
  const number = (
    name: keyof typeof draft,
    label: string,
    problems: Record<string, string>,
    hint?: string,
    decimal = false,
  ) => (
    <DraftNumberField
      draft={draft}
      problems={problems}
      set={set}
      name={name}
      label={label}
      hint={hint}
      decimal={decimal}
    />
  );
  return (
    <PromotionForm
      id="refund"
      icon={<RefundIcon />}
      title={t('promotions.tabs.refund')}
      hint={t('promotions.refundHint')}
      canManage={canManage}
      save={useSaveRefundSettings()}
      check={check}
      variables={{}}
    >
      {(problems) => (
        <>
          <div className="settings-grid">
            <EnabledCheck enabled={enabled} onChange={setEnabled} />
            <SelectField
              label={t('promotions.period')}
              name="period"
              value={period}
              options={REFUND_PERIODS.map((value) => ({ value, label: t(`promotions.periods.${value}`) }))}
              onChange={(event) => setPeriod(event.target.value as RefundPeriod)}
            />
            {number('percent', t('promotions.refundPercent'), problems)}
            {number('minimum', t('promotions.refundMinimum'), problems, t('promotions.bahtHint'), true)}
            {number('cap', t('promotions.refundCap'), problems, t('promotions.bahtNoCapHint'), true)}
            {number('percentSuccess', t('promotions.percentSuccess'), problems, t('promotions.percentSuccessHint'))}
            {number('percentFail', t('promotions.percentFail'), problems, t('promotions.percentFailHint'))}
          </div>
          <LanguageFields
            name="info"
            label={t('promotions.refundInfo')}
            html
            hint={t('promotions.htmlHint')}
            value={info}
            onChange={setInfo}
          />
          <BannersEditor value={banners} onChange={setBanners} />
        </>
      )}
    </PromotionForm>
  );
}
