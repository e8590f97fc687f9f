import type { BonusTypeCreatePayload, BonusTypeView, PromotionBanners } from '@wallet/contract/backoffice/promotions';
import { PROMOTION_CODE_PATTERN } from '@wallet/contract/backoffice/promotions-rules';
import { BONUS_TYPES, type BonusType } from '@wallet/contract/bonus-rules';
import { SelectField, TextField } from '@wallet/web-kit/ui/field';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '@/ui/date-time-field';
import { LanguageFields, type Texts } from '@/ui/language-fields';
import { useSaveBonusType } from '../api/save-bonus-type';
import { BannersEditor } from './banners-editor';
import { DraftNumberField } from './draft-field';
import { draftReader, isoFromLocal, localFromIso } from './form-values';
import { type OfferTermsDraft, OfferTermsFields, offerTermsDraft, readOfferTerms } from './offer-terms';
import { CodeField, EnabledCheck, PromotionForm } from './promotion-form';

/** The form's own copy: numbers as typed, checked and turned into minor units on save. */
interface Draft extends OfferTermsDraft {
  code: string;
  names: Texts;
  notices: Texts;
  banners: PromotionBanners;
  limitType: BonusType;
  maxReceived: string;
  expiresAt: string;
  enabled: boolean;
  sortOrder: string;
}

function draftOf(bonus: BonusTypeView | null): Draft {
  return {
    ...offerTermsDraft(bonus, 'percent'),
    code: bonus?.code ?? '',
    names: bonus?.names ?? { th: '', lo: '', en: '' },
    notices: bonus?.notices ?? { th: '', lo: '', en: '' },
    banners: bonus?.banners ?? { th: [], lo: [], en: [] },
    limitType: bonus?.limitType ?? 'limit',
    maxReceived: String(bonus?.maxReceived ?? 1),
    expiresAt: localFromIso(bonus?.expiresAt ?? null),
    enabled: bonus?.enabled ?? true,
    sortOrder: String(bonus?.sortOrder ?? 0),
  };
}

type Problems = Partial<Record<keyof Draft, string>>;

/** Checks the draft as the server will, so the operator hears at once which field is wrong. */
function payloadOf(draft: Draft, t: (key: string) => string): { payload?: BonusTypeCreatePayload; problems: Problems } {
  const reader = draftReader(draft, t);
  const { problems } = reader;
  const code = draft.code.trim().toUpperCase();
  if (!PROMOTION_CODE_PATTERN.test(code)) problems.code = t('promotions.codeInvalid');
  if (!draft.names.th.trim()) problems.names = t('common.required');
  const payload: BonusTypeCreatePayload = {
    code,
    names: draft.names,
    notices: draft.notices,
    banners: draft.banners,
    limitType: draft.limitType,
    maxReceived: reader.whole('maxReceived'),
    ...readOfferTerms(draft, reader, t),
    expiresAt: isoFromLocal(draft.expiresAt),
    enabled: draft.enabled,
    sortOrder: reader.whole('sortOrder', 9999),
  };
  return Object.keys(problems).length > 0 ? { problems } : { payload, problems };
}

/** A new bonus type, or the whole form of one to edit; players see the change on their next call. */
export function BonusTypeForm({ bonus, onDone }: { bonus: BonusTypeView | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(bonus));
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const isNew = bonus === null;
  return (
    <PromotionForm
      id="bonus"
      title={isNew ? t('promotions.newBonus') : t('promotions.editBonus', { code: bonus.code })}
      save={useSaveBonusType()}
      check={() => payloadOf(draft, t)}
      variables={{ isNew }}
      onDone={onDone}
    >
      {(problems) => (
        <>
          <div className="settings-grid">
            <CodeField value={draft.code} isNew={isNew} error={problems.code} onChange={(code) => set({ code })} />
            <SelectField
              label={t('promotions.limitType')}
              name="limitType"
              value={draft.limitType}
              options={BONUS_TYPES.map((type) => ({ value: type, label: t(`promotions.limitTypes.${type}`) }))}
              onChange={(event) => set({ limitType: event.target.value as BonusType })}
            />
            <DraftNumberField
              draft={draft}
              problems={problems}
              set={set}
              name="maxReceived"
              label={t('promotions.maxReceived')}
              hint={t('promotions.zeroUnlimited')}
            />
            <OfferTermsFields draft={draft} problems={problems} onChange={set} />
            <DateTimeField
              kind="datetime"
              label={t('promotions.expiresAt')}
              name="expiresAt"
              optional
              value={draft.expiresAt}
              onChange={(event) => set({ expiresAt: event.target.value })}
            />
            <DraftNumberField
              draft={draft}
              problems={problems}
              set={set}
              name="sortOrder"
              label={t('promotions.sortOrder')}
            />
            <EnabledCheck enabled={draft.enabled} onChange={(enabled) => set({ enabled })} />
          </div>
          <LanguageFields
            name="names"
            label={t('promotions.names')}
            value={draft.names}
            error={problems.names ?? null}
            onChange={(names) => set({ names })}
          />
          <LanguageFields
            name="notices"
            label={t('promotions.notices')}
            html
            hint={t('promotions.htmlHint')}
            value={draft.notices}
            onChange={(notices) => set({ notices })}
          />
          <BannersEditor value={draft.banners} onChange={(banners) => set({ banners })} />
        </>
      )}
    </PromotionForm>
  );
}
