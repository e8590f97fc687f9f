import type { BonusTypeCreatePayload } from '@wallet/contract/backoffice/promotions';
import {
  PERCENT_FAIL_MAX,
  PERCENT_VALUE_MAX,
  PROMOTION_KINDS,
  type PromotionKind,
} from '@wallet/contract/backoffice/promotions-rules';
import { SelectField } from '@wallet/web-kit/ui/field';
import { useTranslation } from 'react-i18next';
import { DraftNumberField } from './draft-field';
import { type draftReader, textFromMinor } from './form-values';

/** The bonus arithmetic a bonus type and a promotion code share (the contract's offer fields). */
export type OfferTerms = Pick<
  BonusTypeCreatePayload,
  'kind' | 'value' | 'maxBonus' | 'minDeposit' | 'percentSuccess' | 'percentFail' | 'turnoverMultiple' | 'maxWithdraw'
>;

/** The same terms as the operator types them: numbers as text, checked and turned into minor units on save. */
export type OfferTermsDraft = { kind: PromotionKind } & Record<Exclude<keyof OfferTerms, 'kind'>, string>;

export function offerTermsDraft(terms: OfferTerms | null, kind: PromotionKind): OfferTermsDraft {
  if (!terms) {
    return {
      kind,
      value: '',
      maxBonus: '0',
      minDeposit: '0',
      percentSuccess: '0',
      percentFail: '0',
      turnoverMultiple: '0',
      maxWithdraw: '0',
    };
  }
  return {
    kind: terms.kind,
    value: terms.kind === 'fixed' ? textFromMinor(terms.value) : String(terms.value),
    maxBonus: textFromMinor(terms.maxBonus),
    minDeposit: textFromMinor(terms.minDeposit),
    percentSuccess: String(terms.percentSuccess),
    percentFail: String(terms.percentFail),
    turnoverMultiple: String(terms.turnoverMultiple),
    maxWithdraw: textFromMinor(terms.maxWithdraw),
  };
}

export function readOfferTerms<Draft extends OfferTermsDraft>(
  draft: Draft,
  reader: ReturnType<typeof draftReader<Draft>>,
  t: (key: string) => string,
): OfferTerms {
  const value = draft.kind === 'fixed' ? reader.money('value') : reader.whole('value', PERCENT_VALUE_MAX);
  if (!reader.problems.value && value <= 0) reader.problems.value = t('promotions.valuePositive');
  return {
    kind: draft.kind,
    value,
    maxBonus: reader.money('maxBonus'),
    minDeposit: reader.money('minDeposit'),
    percentSuccess: reader.whole('percentSuccess'),
    percentFail: reader.whole('percentFail', PERCENT_FAIL_MAX),
    turnoverMultiple: reader.whole('turnoverMultiple'),
    maxWithdraw: reader.money('maxWithdraw'),
  };
}

/** The offer's fields of a promotions form, inside its grid. */
export function OfferTermsFields({
  draft,
  problems,
  onChange,
}: {
  draft: OfferTermsDraft;
  problems: Partial<Record<keyof OfferTermsDraft, string>>;
  onChange: (changes: Partial<OfferTermsDraft>) => void;
}) {
  const { t } = useTranslation();
  const field = (name: Exclude<keyof OfferTermsDraft, 'kind'>, label: string, hint?: string) => (
    <DraftNumberField
      draft={draft}
      problems={problems}
      set={onChange}
      name={name}
      label={label}
      hint={hint}
      decimal={name === 'value' || name === 'minDeposit' || name.startsWith('max')}
    />
  );
  return (
    <>
      <SelectField
        label={t('promotions.kind')}
        name="kind"
        value={draft.kind}
        options={PROMOTION_KINDS.map((kind) => ({ value: kind, label: t(`promotions.kinds.${kind}`) }))}
        onChange={(event) => onChange({ kind: event.target.value as PromotionKind })}
      />
      {field('value', draft.kind === 'fixed' ? t('promotions.valueFixed') : t('promotions.valuePercent'))}
      {field('maxBonus', t('promotions.maxBonus'), t('promotions.bahtNoCapHint'))}
      {field('minDeposit', t('promotions.minDeposit'), t('promotions.bahtHint'))}
      {field('percentSuccess', t('promotions.percentSuccess'), t('promotions.percentSuccessHint'))}
      {field('percentFail', t('promotions.percentFail'), t('promotions.percentFailHint'))}
      {field('turnoverMultiple', t('promotions.turnoverMultiple'), t('promotions.zeroNone'))}
      {field('maxWithdraw', t('promotions.maxWithdraw'), t('promotions.bahtNoCapHint'))}
    </>
  );
}
