import type { PromotionCodeCreatePayload, PromotionCodeView } from '@wallet/contract/backoffice/promotions';
import {
  PERCENT_FAIL_MAX,
  PERCENT_VALUE_MAX,
  PROMOTION_CODE_PATTERN,
  PROMOTION_KINDS,
  type PromotionKind,
} from '@wallet/contract/backoffice/promotions-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError, SelectField, TextField } from '@wallet/web-kit/ui/field';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavePromotionCode } from '../api/save-promotion-code';
import { isoFromLocal, localFromIso, minorFromText, textFromMinor, wholeFromText } from './form-values';
import { LanguageTexts, type Texts } from './language-texts';

interface Draft {
  code: string;
  descriptions: Texts;
  kind: PromotionKind;
  value: string;
  maxBonus: string;
  minDeposit: string;
  percentSuccess: string;
  percentFail: string;
  turnoverMultiple: string;
  maxWithdraw: string;
  maxRedemptions: string;
  maxPerPlayer: string;
  validFrom: string;
  validTo: string;
  enabled: boolean;
}

const EMPTY: Draft = {
  code: '',
  descriptions: { th: '', lo: '', en: '' },
  kind: 'fixed',
  value: '',
  maxBonus: '0',
  minDeposit: '0',
  percentSuccess: '0',
  percentFail: '0',
  turnoverMultiple: '0',
  maxWithdraw: '0',
  maxRedemptions: '0',
  maxPerPlayer: '1',
  validFrom: '',
  validTo: '',
  enabled: true,
};

function draftOf(code: PromotionCodeView | null): Draft {
  if (!code) return EMPTY;
  return {
    code: code.code,
    descriptions: code.descriptions,
    kind: code.kind,
    value: code.kind === 'fixed' ? textFromMinor(code.value) : String(code.value),
    maxBonus: textFromMinor(code.maxBonus),
    minDeposit: textFromMinor(code.minDeposit),
    percentSuccess: String(code.percentSuccess),
    percentFail: String(code.percentFail),
    turnoverMultiple: String(code.turnoverMultiple),
    maxWithdraw: textFromMinor(code.maxWithdraw),
    maxRedemptions: String(code.maxRedemptions),
    maxPerPlayer: String(code.maxPerPlayer),
    validFrom: localFromIso(code.validFrom),
    validTo: localFromIso(code.validTo),
    enabled: code.enabled,
  };
}

type Problems = Partial<Record<keyof Draft, string>>;

function payloadOf(
  draft: Draft,
  t: (key: string) => string,
): { payload?: PromotionCodeCreatePayload; problems: Problems } {
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
  const value = draft.kind === 'fixed' ? money('value') : whole('value', PERCENT_VALUE_MAX);
  if (!problems.value && value <= 0) problems.value = t('promotions.valuePositive');
  const validFrom = isoFromLocal(draft.validFrom);
  const validTo = isoFromLocal(draft.validTo);
  if (validFrom && validTo && validFrom >= validTo) problems.validTo = t('promotions.windowInvalid');
  const payload: PromotionCodeCreatePayload = {
    code,
    descriptions: draft.descriptions,
    kind: draft.kind,
    value,
    maxBonus: money('maxBonus'),
    minDeposit: money('minDeposit'),
    percentSuccess: whole('percentSuccess'),
    percentFail: whole('percentFail', PERCENT_FAIL_MAX),
    turnoverMultiple: whole('turnoverMultiple'),
    maxWithdraw: money('maxWithdraw'),
    maxRedemptions: whole('maxRedemptions'),
    maxPerPlayer: whole('maxPerPlayer'),
    validFrom,
    validTo,
    enabled: draft.enabled,
  };
  return Object.keys(problems).length > 0 ? { problems } : { payload, problems };
}

/** A new promotion code, or the whole form of one to edit (its redemption count stays the players'). */
export function PromotionCodeForm({ promotion, onDone }: { promotion: PromotionCodeView | null; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSavePromotionCode();
  const [draft, setDraft] = useState<Draft>(() => draftOf(promotion));
  const [problems, setProblems] = useState<Problems>({});
  const [reason, setReason] = useState('');
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const isNew = promotion === null;

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
  const numberField = (key: keyof Draft, label: string, hint?: string) => (
    <TextField
      label={label}
      name={key}
      inputMode="decimal"
      value={draft[key] as string}
      hint={hint}
      error={problems[key] ?? null}
      onChange={(event) => set({ [key]: event.target.value })}
    />
  );

  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="code-form-title" data-testid="code-form">
      <h2 className="card-title" id="code-form-title">
        {isNew ? t('promotions.newCode') : t('promotions.editCode', { code: promotion.code })}
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
            label={t('promotions.kind')}
            name="kind"
            value={draft.kind}
            options={PROMOTION_KINDS.map((kind) => ({ value: kind, label: t(`promotions.kinds.${kind}`) }))}
            onChange={(event) => set({ kind: event.target.value as PromotionKind })}
          />
          {numberField('value', draft.kind === 'fixed' ? t('promotions.valueFixed') : t('promotions.valuePercent'))}
          {numberField('maxBonus', t('promotions.maxBonus'), t('promotions.bahtNoCapHint'))}
          {numberField('minDeposit', t('promotions.minDeposit'), t('promotions.bahtHint'))}
          {numberField('percentSuccess', t('promotions.percentSuccess'), t('promotions.percentSuccessHint'))}
          {numberField('percentFail', t('promotions.percentFail'), t('promotions.percentFailHint'))}
          {numberField('turnoverMultiple', t('promotions.turnoverMultiple'), t('promotions.zeroNone'))}
          {numberField('maxWithdraw', t('promotions.maxWithdraw'), t('promotions.bahtNoCapHint'))}
          {numberField('maxRedemptions', t('promotions.maxRedemptions'), t('promotions.zeroUnlimited'))}
          {numberField('maxPerPlayer', t('promotions.maxPerPlayer'), t('promotions.zeroUnlimited'))}
          <TextField
            label={t('promotions.validFrom')}
            name="validFrom"
            type="datetime-local"
            optional
            value={draft.validFrom}
            onChange={(event) => set({ validFrom: event.target.value })}
          />
          <TextField
            label={t('promotions.validTo')}
            name="validTo"
            type="datetime-local"
            optional
            value={draft.validTo}
            error={problems.validTo ?? null}
            onChange={(event) => set({ validTo: event.target.value })}
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
          name="descriptions"
          label={t('promotions.descriptions')}
          html
          value={draft.descriptions}
          onChange={(descriptions) => set({ descriptions })}
        />
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
        <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="code-save">
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
