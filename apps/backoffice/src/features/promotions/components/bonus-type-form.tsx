import type { BonusTypeCreatePayload, BonusTypeView, PromotionBanners } from '@wallet/contract/backoffice/promotions';
import {
  PERCENT_FAIL_MAX,
  PERCENT_VALUE_MAX,
  PROMOTION_CODE_PATTERN,
  PROMOTION_KINDS,
  type PromotionKind,
} from '@wallet/contract/backoffice/promotions-rules';
import { BONUS_TYPES, type BonusType } from '@wallet/contract/bonus-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError, SelectField, TextField } from '@wallet/web-kit/ui/field';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveBonusType } from '../api/save-bonus-type';
import { BannersEditor } from './banners-editor';
import { isoFromLocal, localFromIso, minorFromText, textFromMinor, wholeFromText } from './form-values';
import { LanguageTexts, type Texts } from './language-texts';

/** The form's own copy: numbers as typed, checked and turned into minor units on save. */
interface Draft {
  code: string;
  names: Texts;
  notices: Texts;
  banners: PromotionBanners;
  limitType: BonusType;
  maxReceived: string;
  kind: PromotionKind;
  value: string;
  maxBonus: string;
  minDeposit: string;
  percentSuccess: string;
  percentFail: string;
  turnoverMultiple: string;
  maxWithdraw: string;
  expiresAt: string;
  enabled: boolean;
  sortOrder: string;
}

const EMPTY: Draft = {
  code: '',
  names: { th: '', lo: '', en: '' },
  notices: { th: '', lo: '', en: '' },
  banners: { th: [], lo: [], en: [] },
  limitType: 'limit',
  maxReceived: '1',
  kind: 'percent',
  value: '',
  maxBonus: '0',
  minDeposit: '0',
  percentSuccess: '0',
  percentFail: '0',
  turnoverMultiple: '0',
  maxWithdraw: '0',
  expiresAt: '',
  enabled: true,
  sortOrder: '0',
};

function draftOf(bonus: BonusTypeView | null): Draft {
  if (!bonus) return EMPTY;
  return {
    code: bonus.code,
    names: bonus.names,
    notices: bonus.notices,
    banners: bonus.banners,
    limitType: bonus.limitType,
    maxReceived: String(bonus.maxReceived),
    kind: bonus.kind,
    value: bonus.kind === 'fixed' ? textFromMinor(bonus.value) : String(bonus.value),
    maxBonus: textFromMinor(bonus.maxBonus),
    minDeposit: textFromMinor(bonus.minDeposit),
    percentSuccess: String(bonus.percentSuccess),
    percentFail: String(bonus.percentFail),
    turnoverMultiple: String(bonus.turnoverMultiple),
    maxWithdraw: textFromMinor(bonus.maxWithdraw),
    expiresAt: localFromIso(bonus.expiresAt),
    enabled: bonus.enabled,
    sortOrder: String(bonus.sortOrder),
  };
}

type Problems = Partial<Record<keyof Draft, string>>;

/** Checks the draft as the server will, so the operator hears at once which field is wrong. */
function payloadOf(draft: Draft, t: (key: string) => string): { payload?: BonusTypeCreatePayload; problems: Problems } {
  const problems: Problems = {};
  const whole = (key: keyof Draft, max = Number.MAX_SAFE_INTEGER) => {
    const value = wholeFromText(draft[key] as string);
    if (value === null || value > max) problems[key] = t('promotions.wholeNumber');
    return value ?? 0;
  };
  const money = (key: keyof Draft) => {
    const value = minorFromText(draft[key] as string);
    if (value === null) problems[key] = t('promotions.amountInvalid');
    return value ?? 0;
  };
  const code = draft.code.trim().toUpperCase();
  if (!PROMOTION_CODE_PATTERN.test(code)) problems.code = t('promotions.codeInvalid');
  if (!draft.names.th.trim()) problems.names = t('common.required');
  const value = draft.kind === 'fixed' ? money('value') : whole('value', PERCENT_VALUE_MAX);
  if (!problems.value && value <= 0) problems.value = t('promotions.valuePositive');
  const payload: BonusTypeCreatePayload = {
    code,
    names: draft.names,
    notices: draft.notices,
    banners: draft.banners,
    limitType: draft.limitType,
    maxReceived: whole('maxReceived'),
    kind: draft.kind,
    value,
    maxBonus: money('maxBonus'),
    minDeposit: money('minDeposit'),
    percentSuccess: whole('percentSuccess'),
    percentFail: whole('percentFail', PERCENT_FAIL_MAX),
    turnoverMultiple: whole('turnoverMultiple'),
    maxWithdraw: money('maxWithdraw'),
    expiresAt: isoFromLocal(draft.expiresAt),
    enabled: draft.enabled,
    sortOrder: whole('sortOrder', 9999),
  };
  return Object.keys(problems).length > 0 ? { problems } : { payload, problems };
}

/** A new bonus type, or the whole form of one to edit; players see the change on their next call. */
export function BonusTypeForm({ bonus, onDone }: { bonus: BonusTypeView | null; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveBonusType();
  const [draft, setDraft] = useState<Draft>(() => draftOf(bonus));
  const [problems, setProblems] = useState<Problems>({});
  const [reason, setReason] = useState('');
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const isNew = bonus === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = payloadOf(draft, t);
    setProblems(checked.problems);
    if (!checked.payload) return;
    save.mutate(
      { ...checked.payload, ...(reason.trim() ? { reason: reason.trim() } : {}), isNew },
      {
        onSuccess: () => {
          toast.success(t('promotions.saved'));
          onDone();
        },
      },
    );
  };
  const saveError = save.error
    ? `${errorText(save.error, t('errors.INTERNAL_SERVER_ERROR'))}${
        'field' in save.error && save.error.field ? ` (${String(save.error.field)})` : ''
      }`
    : null;
  const amountHint = t('promotions.bahtHint');

  return (
    <form
      className="card form"
      onSubmit={submit}
      noValidate
      aria-labelledby="bonus-form-title"
      data-testid="bonus-form"
    >
      <h2 className="card-title" id="bonus-form-title">
        {isNew ? t('promotions.newBonus') : t('promotions.editBonus', { code: bonus.code })}
      </h2>
      <div className="promo-form-sections">
        <div className="settings-grid">
          <TextField
            label={t('promotions.code')}
            name="code"
            value={draft.code}
            readOnly={!isNew}
            maxLength={40}
            hint={t('promotions.codeHint')}
            error={problems.code ?? null}
            onChange={(event) => set({ code: event.target.value.toUpperCase() })}
          />
          <SelectField
            label={t('promotions.limitType')}
            name="limitType"
            value={draft.limitType}
            options={BONUS_TYPES.map((type) => ({ value: type, label: t(`promotions.limitTypes.${type}`) }))}
            onChange={(event) => set({ limitType: event.target.value as BonusType })}
          />
          <TextField
            label={t('promotions.maxReceived')}
            name="maxReceived"
            inputMode="numeric"
            value={draft.maxReceived}
            hint={t('promotions.zeroUnlimited')}
            error={problems.maxReceived ?? null}
            onChange={(event) => set({ maxReceived: event.target.value })}
          />
          <SelectField
            label={t('promotions.kind')}
            name="kind"
            value={draft.kind}
            options={PROMOTION_KINDS.map((kind) => ({ value: kind, label: t(`promotions.kinds.${kind}`) }))}
            onChange={(event) => set({ kind: event.target.value as PromotionKind })}
          />
          <TextField
            label={draft.kind === 'fixed' ? t('promotions.valueFixed') : t('promotions.valuePercent')}
            name="value"
            inputMode="decimal"
            value={draft.value}
            error={problems.value ?? null}
            onChange={(event) => set({ value: event.target.value })}
          />
          <TextField
            label={t('promotions.maxBonus')}
            name="maxBonus"
            inputMode="decimal"
            value={draft.maxBonus}
            hint={t('promotions.bahtNoCapHint')}
            error={problems.maxBonus ?? null}
            onChange={(event) => set({ maxBonus: event.target.value })}
          />
          <TextField
            label={t('promotions.minDeposit')}
            name="minDeposit"
            inputMode="decimal"
            value={draft.minDeposit}
            hint={amountHint}
            error={problems.minDeposit ?? null}
            onChange={(event) => set({ minDeposit: event.target.value })}
          />
          <TextField
            label={t('promotions.percentSuccess')}
            name="percentSuccess"
            inputMode="numeric"
            value={draft.percentSuccess}
            hint={t('promotions.percentSuccessHint')}
            error={problems.percentSuccess ?? null}
            onChange={(event) => set({ percentSuccess: event.target.value })}
          />
          <TextField
            label={t('promotions.percentFail')}
            name="percentFail"
            inputMode="numeric"
            value={draft.percentFail}
            hint={t('promotions.percentFailHint')}
            error={problems.percentFail ?? null}
            onChange={(event) => set({ percentFail: event.target.value })}
          />
          <TextField
            label={t('promotions.turnoverMultiple')}
            name="turnoverMultiple"
            inputMode="numeric"
            value={draft.turnoverMultiple}
            hint={t('promotions.zeroNone')}
            error={problems.turnoverMultiple ?? null}
            onChange={(event) => set({ turnoverMultiple: event.target.value })}
          />
          <TextField
            label={t('promotions.maxWithdraw')}
            name="maxWithdraw"
            inputMode="decimal"
            value={draft.maxWithdraw}
            hint={t('promotions.bahtNoCapHint')}
            error={problems.maxWithdraw ?? null}
            onChange={(event) => set({ maxWithdraw: event.target.value })}
          />
          <TextField
            label={t('promotions.expiresAt')}
            name="expiresAt"
            type="datetime-local"
            optional
            value={draft.expiresAt}
            onChange={(event) => set({ expiresAt: event.target.value })}
          />
          <TextField
            label={t('promotions.sortOrder')}
            name="sortOrder"
            inputMode="numeric"
            value={draft.sortOrder}
            error={problems.sortOrder ?? null}
            onChange={(event) => set({ sortOrder: event.target.value })}
          />
          <label className="checkbox settings-check">
            <input
              type="checkbox"
              name="enabled"
              checked={draft.enabled}
              onChange={(event) => set({ enabled: event.target.checked })}
            />
            <span>{t('promotions.enabled')}</span>
          </label>
        </div>
        <LanguageTexts
          name="names"
          label={t('promotions.names')}
          value={draft.names}
          thRequired
          error={problems.names ?? null}
          onChange={(names) => set({ names })}
        />
        <LanguageTexts
          name="notices"
          label={t('promotions.notices')}
          html
          value={draft.notices}
          onChange={(notices) => set({ notices })}
        />
        <BannersEditor value={draft.banners} onChange={(banners) => set({ banners })} />
        <TextField
          label={t('promotions.reason')}
          name="reason"
          optional
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <FormError message={Object.keys(problems).length > 0 ? t('promotions.fixFields') : saveError} />
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="bonus-save">
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
