import type { PromotionCodeCreatePayload, PromotionCodeView } from '@wallet/contract/backoffice/promotions';
import { PROMOTION_CODE_PATTERN } from '@wallet/contract/backoffice/promotions-rules';
import { FormError, TextField } from '@wallet/web-kit/ui/field';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavePromotionCode } from '../api/save-promotion-code';
import { DraftNumberField } from './draft-field';
import { draftReader, isoFromLocal, localFromIso } from './form-values';
import { LanguageTexts, type Texts } from './language-texts';
import {
  type OfferTermsDraft,
  OfferTermsFields,
  offerTermsDraft,
  readOfferTerms,
  usePromotionFormSave,
} from './offer-terms';

interface Draft extends OfferTermsDraft {
  code: string;
  descriptions: Texts;
  maxRedemptions: string;
  maxPerPlayer: string;
  validFrom: string;
  validTo: string;
  enabled: boolean;
}

function draftOf(code: PromotionCodeView | null): Draft {
  return {
    ...offerTermsDraft(code, 'fixed'),
    code: code?.code ?? '',
    descriptions: code?.descriptions ?? { th: '', lo: '', en: '' },
    maxRedemptions: String(code?.maxRedemptions ?? 0),
    maxPerPlayer: String(code?.maxPerPlayer ?? 1),
    validFrom: localFromIso(code?.validFrom ?? null),
    validTo: localFromIso(code?.validTo ?? null),
    enabled: code?.enabled ?? true,
  };
}

type Problems = Partial<Record<keyof Draft, string>>;

function payloadOf(
  draft: Draft,
  t: (key: string) => string,
): { payload?: PromotionCodeCreatePayload; problems: Problems } {
  const reader = draftReader(draft, t);
  const { problems } = reader;
  const code = draft.code.trim().toUpperCase();
  if (!PROMOTION_CODE_PATTERN.test(code)) problems.code = t('promotions.codeInvalid');
  const terms = readOfferTerms(draft, reader, t);
  const validFrom = isoFromLocal(draft.validFrom);
  const validTo = isoFromLocal(draft.validTo);
  if (validFrom && validTo && validFrom >= validTo) problems.validTo = t('promotions.windowInvalid');
  const payload: PromotionCodeCreatePayload = {
    code,
    descriptions: draft.descriptions,
    ...terms,
    maxRedemptions: reader.whole('maxRedemptions'),
    maxPerPlayer: reader.whole('maxPerPlayer'),
    validFrom,
    validTo,
    enabled: draft.enabled,
  };
  return Object.keys(problems).length > 0 ? { problems } : { payload, problems };
}

/** A new promotion code, or the whole form of one to edit (its redemption count stays the players'). */
export function PromotionCodeForm({ promotion, onDone }: { promotion: PromotionCodeView | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSavePromotionCode();
  const [draft, setDraft] = useState<Draft>(() => draftOf(promotion));
  const [problems, setProblems] = useState<Problems>({});
  const [reason, setReason] = useState('');
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const isNew = promotion === null;
  const { submit, saveError } = usePromotionFormSave(save, onDone);
  const onSubmit = (event: FormEvent) => {
    const checked = payloadOf(draft, t);
    setProblems(checked.problems);
    submit(event, checked.payload, reason, isNew);
  };
  const countField = (name: 'maxRedemptions' | 'maxPerPlayer', label: string) => (
    <DraftNumberField
      draft={draft}
      problems={problems}
      set={set}
      name={name}
      label={label}
      hint={t('promotions.zeroUnlimited')}
    />
  );

  return (
    <form
      className="card form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="code-form-title"
      data-testid="code-form"
    >
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
          <OfferTermsFields draft={draft} problems={problems} onChange={set} />
          {countField('maxRedemptions', t('promotions.maxRedemptions'))}
          {countField('maxPerPlayer', t('promotions.maxPerPlayer'))}
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
