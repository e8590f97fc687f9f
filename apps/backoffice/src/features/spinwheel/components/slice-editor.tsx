import { SPIN_LABEL_MAX, SPIN_NAME_MAX, type SpinPrizeType } from '@wallet/contract/backoffice/spinwheel-rules';
import { SelectField, TextField } from '@wallet/web-kit/ui/field';
import { useTranslation } from 'react-i18next';
import { LanguageFields } from '@/ui/language-fields';
import { BonusCodeField } from './bonus-code-field';
import { type Problems, type SliceDraft, SPIN_PRIZE_TYPES } from './draft';
import { percentText } from './wheel-texts';

/** One slice of the wheel: what it shows, what it wins, how likely, how many. */
export function SliceEditor({
  slice,
  index,
  count,
  chance,
  problems,
  canRemove,
  onChange,
  onMove,
  onRemove,
}: {
  slice: SliceDraft;
  index: number;
  count: number;
  /** Its chance of being drawn with the weights as typed now. */
  chance: number;
  problems: Problems;
  canRemove: boolean;
  onChange: (changes: Partial<SliceDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const name = `slices.${index}`;
  const problem = (field: string) => {
    const key = problems[`${name}.${field}`];
    return key ? t(key) : null;
  };
  const number = slice.code || String(index + 1);
  return (
    <fieldset className="spin-slice" data-testid={`slice-${index}`}>
      <legend className="spin-slice-legend">
        <span className="spin-swatch" style={{ background: slice.bgColor }} aria-hidden="true" />
        {t('spinwheel.sliceTitle', { number: index + 1, code: slice.code })}
      </legend>
      <div className="settings-grid">
        <TextField
          label={t('spinwheel.code')}
          name={`${name}.code`}
          value={slice.code}
          maxLength={20}
          error={problem('code')}
          onChange={(event) => onChange({ code: event.target.value.toUpperCase() })}
        />
        <SelectField
          label={t('spinwheel.prizeType')}
          name={`${name}.prizeType`}
          value={slice.prizeType}
          options={SPIN_PRIZE_TYPES.map((type) => ({ value: type, label: t(`spinwheel.prizeTypes.${type}`) }))}
          onChange={(event) => onChange({ prizeType: event.target.value as SpinPrizeType })}
        />
        {slice.prizeType === 'item' ? null : (
          <TextField
            label={slice.prizeType === 'bonus' ? t('spinwheel.amountBaht') : t('spinwheel.amountCoins')}
            name={`${name}.amount`}
            inputMode={slice.prizeType === 'bonus' ? 'decimal' : 'numeric'}
            value={slice.amount}
            error={problem('amount')}
            onChange={(event) => onChange({ amount: event.target.value })}
          />
        )}
        {slice.prizeType === 'bonus' ? (
          <BonusCodeField
            name={`${name}.bonusCode`}
            value={slice.bonusCode}
            onChange={(bonusCode) => onChange({ bonusCode })}
          />
        ) : null}
        <TextField
          label={t('spinwheel.weight')}
          name={`${name}.weight`}
          inputMode="numeric"
          value={slice.weight}
          hint={t('spinwheel.chance', { percent: percentText(chance) })}
          error={problem('weight')}
          onChange={(event) => onChange({ weight: event.target.value })}
        />
        <TextField
          label={t('spinwheel.stock')}
          name={`${name}.stock`}
          inputMode="numeric"
          optional
          value={slice.stock}
          hint={
            slice.savedStock !== null && slice.savedRemaining !== null && slice.stock === String(slice.savedStock)
              ? t('spinwheel.stockLeft', { left: slice.savedRemaining })
              : t('spinwheel.stockHint')
          }
          error={problem('stock')}
          onChange={(event) => onChange({ stock: event.target.value })}
        />
        <TextField
          label={t('spinwheel.bgColor')}
          name={`${name}.bgColor`}
          type="color"
          className="input-color"
          value={slice.bgColor}
          error={problem('bgColor')}
          onChange={(event) => onChange({ bgColor: event.target.value })}
        />
        <TextField
          label={t('spinwheel.textColor')}
          name={`${name}.textColor`}
          type="color"
          className="input-color"
          value={slice.textColor}
          error={problem('textColor')}
          onChange={(event) => onChange({ textColor: event.target.value })}
        />
      </div>
      <div className="spin-slice-texts">
        <LanguageFields
          label={t('spinwheel.labels')}
          name={`${name}.labels`}
          maxLength={SPIN_LABEL_MAX}
          value={slice.labels}
          error={problem('labels')}
          markOptional
          columns
          onChange={(labels) => onChange({ labels })}
        />
        {slice.prizeType === 'item' ? (
          <LanguageFields
            label={t('spinwheel.itemNames')}
            name={`${name}.itemNames`}
            maxLength={SPIN_NAME_MAX}
            value={slice.itemNames}
            error={problem('itemNames')}
            markOptional
            columns
            onChange={(itemNames) => onChange({ itemNames })}
          />
        ) : null}
      </div>
      <div className="spin-slice-foot">
        <details className="spin-slice-more">
          <summary>{t('spinwheel.descriptions')}</summary>
          <LanguageFields
            label={t('spinwheel.descriptionsHint')}
            name={`${name}.htmlDescriptions`}
            html
            columns
            rows={2}
            value={slice.htmlDescriptions}
            onChange={(htmlDescriptions) => onChange({ htmlDescriptions })}
          />
        </details>
        <div className="row-actions">
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={index === 0}
            aria-label={t('spinwheel.moveUpNamed', { slice: number })}
            onClick={() => onMove(-1)}
          >
            {t('spinwheel.moveUp')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={index === count - 1}
            aria-label={t('spinwheel.moveDownNamed', { slice: number })}
            onClick={() => onMove(1)}
          >
            {t('spinwheel.moveDown')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={!canRemove}
            aria-label={t('spinwheel.removeNamed', { slice: number })}
            onClick={onRemove}
          >
            {t('spinwheel.remove')}
          </button>
        </div>
      </div>
    </fieldset>
  );
}
