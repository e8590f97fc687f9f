import { TextField } from '@wallet/web-kit/ui/field';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LANGUAGES, type Texts } from './draft';

/** One text in th, lo and en: a line each, or HTML in a text area each (sanitised by the server on save). */
export function LanguageFields({
  label,
  value,
  onChange,
  name,
  html = false,
  error,
  maxLength,
}: {
  label: string;
  value: Texts;
  onChange: (value: Texts) => void;
  name: string;
  html?: boolean;
  /** Shown under the Thai field (Thai is the one required). */
  error?: string | null;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="spin-languages">
      <legend className="settings-legend">{label}</legend>
      {TEXT_LANGUAGES.map((language) => {
        const fieldLabel = t('spinwheel.inLanguage', { language: t(`spinwheel.languages.${language}`) });
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
              rows={2}
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
            optional={language !== 'th'}
            maxLength={maxLength}
            value={value[language]}
            error={language === 'th' ? (error ?? null) : null}
            onChange={(event) => onChange({ ...value, [language]: event.target.value })}
          />
        );
      })}
    </fieldset>
  );
}
