import type { BonusTypeCreatePayload, BonusTypeView, PromotionBanners } from '@wallet/contract/backoffice/promotions';
import { PROMOTION_CODE_PATTERN } from '@wallet/contract/backoffice/promotions-rules';
import { BONUS_TYPES, type BonusType } from '@wallet/contract/bonus-rules';
import { FormError, SelectField, TextField } from '@wallet/web-kit/ui/field';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveBonusType } from '../api/save-bonus-type';
import { BannersEditor } from './banners-editor';
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
  const save = useSaveBonusType();
  const [draft, setDraft] = useState<Draft>(() => draftOf(bonus));
  const [problems, setProblems] = useState<Problems>({});
  const [reason, setReason] = useState('');
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const isNew = bonus === null;
  const { submit, saveError } = usePromotionFormSave(save, onDone);
  const onSubmit = (event: FormEvent) => {
    const checked = payloadOf(draft, t);
    setProblems(checked.problems);
    submit(event, checked.payload, reason, isNew);
  };

  return (
    <form
      className="card form"
      onSubmit={onSubmit}
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
          <DraftNumberField
            draft={draft}
            problems={problems}
            set={set}
            name="maxReceived"
            label={t('promotions.maxReceived')}
            hint={t('promotions.zeroUnlimited')}
          />
          <OfferTermsFields draft={draft} problems={problems} onChange={set} />
          <TextField
            label={t('promotions.expiresAt')}
            name="expiresAt"
            type="datetime-local"
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
