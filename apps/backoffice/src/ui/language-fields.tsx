import { LANGUAGES, type Language } from '@wallet/contract/constants';
import { TextField } from '@wallet/web-kit/ui/field';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type Texts = Record<Language, string>;

/**
 * One text in th, lo and en: a line each, or HTML in a text area each (sanitised by the server on
 * save). Thai is the language every text must have: `error` shows under it.
 */
export function LanguageFields({
  label,
  value,
  onChange,
  name,
  html = false,
  hint,
  error,
  maxLength,
  markOptional = false,
  columns = false,
  rows = 3,
}: {
  label: string;
  value: Texts;
  onChange: (value: Texts) => void;
  /** The form field names are `${name}.th` and so on. */
  name: string;
  html?: boolean;
  /** Shown under the legend (what HTML is allowed, what an empty language shows). */
  hint?: string;
  error?: string | null;
  maxLength?: number;
  /** Labels Lao and English optional. */
  markOptional?: boolean;
  /** The three side by side where there is room, instead of one under the other. */
  columns?: boolean;
  /** Text area height, for `html`. */
  rows?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className={columns ? 'language-fields language-fields-columns' : 'language-fields'}>
      <legend className="settings-legend">{label}</legend>
      {hint ? <p className="muted field-hint">{hint}</p> : null}
      {LANGUAGES.map((language) => {
        const fieldLabel = t('ui.languageFields.inLanguage', { language: t(`ui.languageFields.${language}`) });
        const change = (text: string) => onChange({ ...value, [language]: text });
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
              rows={rows}
              value={value[language]}
              onChange={(event) => change(event.target.value)}
            />
          </div>
        ) : (
          <TextField
            key={language}
            name={`${name}.${language}`}
            lang={language}
            label={fieldLabel}
            optional={markOptional && language !== 'th'}
            maxLength={maxLength}
            value={value[language]}
            error={language === 'th' ? (error ?? null) : null}
            onChange={(event) => change(event.target.value)}
          />
        );
      })}
    </fieldset>
  );
}
