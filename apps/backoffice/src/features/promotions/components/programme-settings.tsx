import type { InviteSettingsView, PromotionBanners, RefundSettingsView } from '@wallet/contract/backoffice/promotions';
import { PERCENT_FAIL_MAX, REFUND_PERIODS, type RefundPeriod } from '@wallet/contract/backoffice/promotions-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError, SelectField, TextField } from '@wallet/web-kit/ui/field';
import { GiftIcon, RefundIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInviteSettings } from '../api/get-invite-settings';
import { useRefundSettings } from '../api/get-refund-settings';
import { useSaveInviteSettings } from '../api/save-invite-settings';
import { useSaveRefundSettings } from '../api/save-refund-settings';
import { BannersEditor } from './banners-editor';
import { minorFromText, textFromMinor, wholeFromText } from './form-values';
import { LanguageTexts } from './language-texts';

type Problems = Record<string, string>;

/** Reads whole percents and baht amounts off a form, collecting which fields are wrong. */
function reader(t: (key: string) => string) {
  const problems: Problems = {};
  return {
    problems,
    whole(key: string, text: string, max: number) {
      const value = wholeFromText(text);
      if (value === null || value > max) problems[key] = t('promotions.wholeNumber');
      return value ?? 0;
    },
    money(key: string, text: string) {
      const value = minorFromText(text);
      if (value === null) problems[key] = t('promotions.amountInvalid');
      return value ?? 0;
    },
  };
}

function useSaveError(error: Error | null) {
  const { t } = useTranslation();
  if (!error) return null;
  const field = 'field' in error && error.field ? ` (${String(error.field)})` : '';
  return `${errorText(error, t('errors.INTERNAL_SERVER_ERROR'))}${field}`;
}

/** The invite (referral) programme: the percent of each referred deposit and the bonus a claim becomes. */
export function InviteSettingsPanel({ canManage }: { canManage: boolean }) {
  const settings = useInviteSettings();
  if (settings.isError) {
    return <LoadFailedCard icon={<GiftIcon />} error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  if (!settings.data) return <Loader />;
  return <InviteForm key={JSON.stringify(settings.data)} settings={settings.data} canManage={canManage} />;
}

function InviteForm({ settings, canManage }: { settings: InviteSettingsView; canManage: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveInviteSettings();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [percent, setPercent] = useState(String(settings.percent));
  const [percentSuccess, setPercentSuccess] = useState(String(settings.percentSuccess));
  const [percentFail, setPercentFail] = useState(String(settings.percentFail));
  const [banners, setBanners] = useState<PromotionBanners>(settings.banners);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const saveError = useSaveError(save.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = reader(t);
    const payload = {
      enabled,
      percent: read.whole('percent', percent, 100),
      percentSuccess: read.whole('percentSuccess', percentSuccess, 10_000),
      percentFail: read.whole('percentFail', percentFail, PERCENT_FAIL_MAX),
      banners,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    setProblems(read.problems);
    if (Object.keys(read.problems).length > 0) return;
    save.mutate(payload, { onSuccess: () => toast.success(t('promotions.saved')) });
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="invite-title" data-testid="invite-form">
      <h2 className="card-title" id="invite-title">
        <GiftIcon />
        {t('promotions.tabs.invite')}
      </h2>
      <p className="muted">{t('promotions.inviteHint')}</p>
      <fieldset className="promo-form-sections" disabled={!canManage}>
        <div className="settings-grid">
          <label className="checkbox settings-check">
            <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
            <span>{t('promotions.enabled')}</span>
          </label>
          <TextField
            label={t('promotions.invitePercent')}
            name="percent"
            inputMode="numeric"
            value={percent}
            error={problems.percent ?? null}
            onChange={(event) => setPercent(event.target.value)}
          />
          <TextField
            label={t('promotions.percentSuccess')}
            name="percentSuccess"
            inputMode="numeric"
            value={percentSuccess}
            hint={t('promotions.percentSuccessHint')}
            error={problems.percentSuccess ?? null}
            onChange={(event) => setPercentSuccess(event.target.value)}
          />
          <TextField
            label={t('promotions.percentFail')}
            name="percentFail"
            inputMode="numeric"
            value={percentFail}
            hint={t('promotions.percentFailHint')}
            error={problems.percentFail ?? null}
            onChange={(event) => setPercentFail(event.target.value)}
          />
        </div>
        <BannersEditor value={banners} onChange={setBanners} />
        <TextField
          label={t('promotions.reason')}
          name="reason"
          optional
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </fieldset>
      <FormError message={Object.keys(problems).length > 0 ? t('promotions.fixFields') : saveError} />
      {canManage ? (
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="invite-save">
            {t('common.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** The refund (cashback) programme: which period's net loss, what share of it, and the bonus it becomes. */
export function RefundSettingsPanel({ canManage }: { canManage: boolean }) {
  const settings = useRefundSettings();
  if (settings.isError) {
    return <LoadFailedCard icon={<RefundIcon />} error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  if (!settings.data) return <Loader />;
  return <RefundForm key={JSON.stringify(settings.data)} settings={settings.data} canManage={canManage} />;
}

function RefundForm({ settings, canManage }: { settings: RefundSettingsView; canManage: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveRefundSettings();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [period, setPeriod] = useState<RefundPeriod>(settings.period);
  const [percent, setPercent] = useState(String(settings.percent));
  const [minimum, setMinimum] = useState(textFromMinor(settings.minimum));
  const [cap, setCap] = useState(textFromMinor(settings.cap));
  const [percentSuccess, setPercentSuccess] = useState(String(settings.percentSuccess));
  const [percentFail, setPercentFail] = useState(String(settings.percentFail));
  const [info, setInfo] = useState(settings.info);
  const [banners, setBanners] = useState<PromotionBanners>(settings.banners);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const saveError = useSaveError(save.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = reader(t);
    const payload = {
      enabled,
      period,
      percent: read.whole('percent', percent, 100),
      minimum: read.money('minimum', minimum),
      cap: read.money('cap', cap),
      percentSuccess: read.whole('percentSuccess', percentSuccess, 10_000),
      percentFail: read.whole('percentFail', percentFail, PERCENT_FAIL_MAX),
      info,
      banners,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    if (!read.problems.cap && payload.cap > 0 && payload.minimum > payload.cap) {
      read.problems.cap = t('promotions.capBelowMinimum');
    }
    setProblems(read.problems);
    if (Object.keys(read.problems).length > 0) return;
    save.mutate(payload, { onSuccess: () => toast.success(t('promotions.saved')) });
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="refund-title" data-testid="refund-form">
      <h2 className="card-title" id="refund-title">
        <RefundIcon />
        {t('promotions.tabs.refund')}
      </h2>
      <p className="muted">{t('promotions.refundHint')}</p>
      <fieldset className="promo-form-sections" disabled={!canManage}>
        <div className="settings-grid">
          <label className="checkbox settings-check">
            <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
            <span>{t('promotions.enabled')}</span>
          </label>
          <SelectField
            label={t('promotions.period')}
            name="period"
            value={period}
            options={REFUND_PERIODS.map((value) => ({ value, label: t(`promotions.periods.${value}`) }))}
            onChange={(event) => setPeriod(event.target.value as RefundPeriod)}
          />
          <TextField
            label={t('promotions.refundPercent')}
            name="percent"
            inputMode="numeric"
            value={percent}
            error={problems.percent ?? null}
            onChange={(event) => setPercent(event.target.value)}
          />
          <TextField
            label={t('promotions.refundMinimum')}
            name="minimum"
            inputMode="decimal"
            value={minimum}
            hint={t('promotions.bahtHint')}
            error={problems.minimum ?? null}
            onChange={(event) => setMinimum(event.target.value)}
          />
          <TextField
            label={t('promotions.refundCap')}
            name="cap"
            inputMode="decimal"
            value={cap}
            hint={t('promotions.bahtNoCapHint')}
            error={problems.cap ?? null}
            onChange={(event) => setCap(event.target.value)}
          />
          <TextField
            label={t('promotions.percentSuccess')}
            name="percentSuccess"
            inputMode="numeric"
            value={percentSuccess}
            hint={t('promotions.percentSuccessHint')}
            error={problems.percentSuccess ?? null}
            onChange={(event) => setPercentSuccess(event.target.value)}
          />
          <TextField
            label={t('promotions.percentFail')}
            name="percentFail"
            inputMode="numeric"
            value={percentFail}
            hint={t('promotions.percentFailHint')}
            error={problems.percentFail ?? null}
            onChange={(event) => setPercentFail(event.target.value)}
          />
        </div>
        <LanguageTexts name="info" label={t('promotions.refundInfo')} html value={info} onChange={setInfo} />
        <BannersEditor value={banners} onChange={setBanners} />
        <TextField
          label={t('promotions.reason')}
          name="reason"
          optional
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </fieldset>
      <FormError message={Object.keys(problems).length > 0 ? t('promotions.fixFields') : saveError} />
      {canManage ? (
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="refund-save">
            {t('common.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}
