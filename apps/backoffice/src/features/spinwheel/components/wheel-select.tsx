import { SelectField } from '@wallet/web-kit/ui/field';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { useWheels } from '../api/get-wheels';
import { inLanguage } from './wheel-texts';

/** A filter by wheel, when the role may list the wheels (the id alone means nothing to an operator). */
export function WheelSelect({ value, onChange }: { value: string; onChange: (wheelId: string) => void }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const wheels = useWheels({ enabled: canCall(me.data?.role, 'GET /api/backoffice/spinwheel/wheels') });
  if (!wheels.data) return null;
  return (
    <SelectField
      label={t('spinwheel.wheel')}
      name="wheelId"
      placeholder={t('spinwheel.anyWheel')}
      options={wheels.data.items.map((wheel) => ({ value: wheel.id, label: inLanguage(wheel.names, i18n.language) }))}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The wheel's name by id, for tables that carry only the id. */
export function useWheelNames(): (wheelId: string) => string {
  const { i18n } = useTranslation();
  const me = useMe();
  const wheels = useWheels({ enabled: canCall(me.data?.role, 'GET /api/backoffice/spinwheel/wheels') });
  return (wheelId) => {
    const wheel = wheels.data?.items.find((item) => item.id === wheelId);
    return wheel ? inLanguage(wheel.names, i18n.language) : wheelId;
  };
}
