import { LOADER_DELAY_MS } from '@wallet/contract/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spinner that appears only when loading lasts longer than 200 ms, so quick calls never flash it. */
export function Loader({ active = true, overlay = false }: { active?: boolean; overlay?: boolean }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!active) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active]);

  if (!visible) return null;
  return (
    <div className={overlay ? 'loader loader-overlay' : 'loader'} role="status" aria-label={t('ui.loading')}>
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
