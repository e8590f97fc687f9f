import { LANGUAGES, type Language } from '@wallet/contract/constants';
import { ChevronIcon, GlobeIcon } from '@wallet/web-kit/ui/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '@/i18n/i18n';

/** Language dropdown (Thai, Lao, English); the language in use is shown but disabled. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const active = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : currentLanguage();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = async (language: Language) => {
    setOpen(false);
    await setLanguage(language);
  };

  return (
    <div className="lang-menu" ref={rootRef}>
      <button
        type="button"
        className="lang-trigger"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <GlobeIcon />
        {/* Named "Language English", not just "Language": the visible language stays in the name (voice control). */}
        <span className="visually-hidden">{t('lang.label')} </span>
        <span>{t(`lang.${active}`)}</span>
        <ChevronIcon direction="down" />
      </button>
      {open ? (
        <ul className="lang-list" id={menuId}>
          {LANGUAGES.map((language) => (
            <li key={language}>
              <button
                type="button"
                className="lang-option"
                lang={language}
                disabled={language === active}
                aria-current={language === active ? 'true' : undefined}
                onClick={() => choose(language)}
              >
                {t(`lang.${language}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
