import { LANGUAGES, type Language } from '@wallet/contract/constants';
import { TextField } from '@wallet/web-kit/ui/field';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type Texts = Record<Language, string>;

/** One text in th, lo and en: a line each, or HTML in a text area each (sanitised by the server on save). */
export function LanguageTexts({
  label,
  value,
  onChange,
  html = false,
  thRequired = false,
  error,
  name,
}: {
  label: string;
  value: Texts;
  onChange: (value: Texts) => void;
  html?: boolean;
  thRequired?: boolean;
  error?: string | null;
  name: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="promo-languages">
      <legend className="settings-legend">{label}</legend>
      {html ? <p className="muted field-hint">{t('promotions.htmlHint')}</p> : null}
      {LANGUAGES.map((language) => {
        const fieldLabel = t('promotions.inLanguage', { language: t(`promotions.languages.${language}`) });
        return html ? (
          <div className="field" key={language}>
            <label className="field-label" htmlFor={`${id}-${language}`}>
              {fieldLabel}
            </label>
            <textarea
              id={`${id}-${language}`}
              name={`${name}.${language}`}
              lang={language}
              className="input textarea"
              rows={3}
              value={value[language]}
              onChange={(event) => onChange({ ...value, [language]: event.target.value })}
            />
          </div>
        ) : (
          <TextField
            key={language}
            name={`${name}.${language}`}
            lang={language}
            label={fieldLabel}
            value={value[language]}
            error={language === 'th' && thRequired ? (error ?? null) : null}
            onChange={(event) => onChange({ ...value, [language]: event.target.value })}
          />
        );
      })}
    </fieldset>
  );
}
