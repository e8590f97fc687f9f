import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, LANGUAGES, setLanguage } from '@/i18n/i18n';

/** Thai or English, remembered in this browser for the back office only. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <select
      className="input select lang-select"
      aria-label={t('lang.label')}
      value={currentLanguage()}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void setLanguage(event.target.value);
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {t(`lang.${language}`)}
        </option>
      ))}
    </select>
  );
}
