import type { PromotionCodeCreatePayload, PromotionCodeView } from '@wallet/contract/backoffice/promotions';
import { PROMOTION_CODE_PATTERN } from '@wallet/contract/backoffice/promotions-rules';
import { TextField } from '@wallet/web-kit/ui/field';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '@/ui/date-time-field';
import { LanguageFields, type Texts } from '@/ui/language-fields';
import { useSavePromotionCode } from '../api/save-promotion-code';
import { DraftNumberField } from './draft-field';
import { draftReader, isoFromLocal, localFromIso } from './form-values';
import { type OfferTermsDraft, OfferTermsFields, offerTermsDraft, readOfferTerms } from './offer-terms';
import { CodeField, EnabledCheck, type Problems as FormProblems, PromotionForm } from './promotion-form';

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
  const [draft, setDraft] = useState<Draft>(() => draftOf(promotion));
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const isNew = promotion === null;
  const countField = (name: 'maxRedemptions' | 'maxPerPlayer', label: string, problems: FormProblems) => (
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
    <PromotionForm
      id="code"
      title={isNew ? t('promotions.newCode') : t('promotions.editCode', { code: promotion.code })}
      save={useSavePromotionCode()}
      check={() => payloadOf(draft, t)}
      variables={{ isNew }}
      onDone={onDone}
    >
      {(problems) => (
        <>
          <div className="settings-grid">
            <CodeField value={draft.code} isNew={isNew} error={problems.code} onChange={(code) => set({ code })} />
            <OfferTermsFields draft={draft} problems={problems} onChange={set} />
            {countField('maxRedemptions', t('promotions.maxRedemptions'), problems)}
            {countField('maxPerPlayer', t('promotions.maxPerPlayer'), problems)}
            <DateTimeField
              kind="datetime"
              label={t('promotions.validFrom')}
              name="validFrom"
              optional
              value={draft.validFrom}
              onChange={(event) => set({ validFrom: event.target.value })}
            />
            <DateTimeField
              kind="datetime"
              label={t('promotions.validTo')}
              name="validTo"
              optional
              value={draft.validTo}
              error={problems.validTo ?? null}
              onChange={(event) => set({ validTo: event.target.value })}
            />
            <EnabledCheck enabled={draft.enabled} onChange={(enabled) => set({ enabled })} />
          </div>
          <LanguageFields
            name="descriptions"
            label={t('promotions.descriptions')}
            html
            hint={t('promotions.htmlHint')}
            value={draft.descriptions}
            onChange={(descriptions) => set({ descriptions })}
          />
        </>
      )}
    </PromotionForm>
  );
}
