import { SelectField, TextField } from '@wallet/web-kit/ui/field';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { useBonusTypes } from '../api/get-bonus-types';
import { inLanguage } from './wheel-texts';

/**
 * The bonus type whose conditions a bonus prize carries: picked from the bonus types when the role may
 * list them, typed as a code otherwise.
 */
export function BonusCodeField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange: (code: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const bonuses = useBonusTypes({ enabled: canCall(me.data?.role, 'GET /api/backoffice/promotions/bonuses') });
  const label = t('spinwheel.bonusCode');
  if (!bonuses.data) {
    return (
      <TextField
        label={label}
        name={name}
        optional
        maxLength={40}
        value={value}
        hint={t('spinwheel.bonusCodeHint')}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
      />
    );
  }
  const options = bonuses.data.items.map((bonus) => ({
    value: bonus.code,
    label: `${bonus.code} · ${inLanguage(bonus.names, i18n.language)}`,
  }));
  // A code saved before its bonus type was removed still shows, so the save does not drop it silently.
  if (value && !options.some((option) => option.value === value)) options.push({ value, label: value });
  return (
    <SelectField
      label={label}
      name={name}
      optional
      placeholder={t('spinwheel.noConditions')}
      options={options}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
