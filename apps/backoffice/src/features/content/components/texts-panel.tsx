import {
  CONTENT_TEXT_KEYS,
  CONTENT_TEXT_MAX,
  type ContentTextKey,
  contentTextIsList,
} from '@wallet/contract/backoffice/content-rules';
import { LANGUAGES, type Language } from '@wallet/contract/constants';
import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError, SelectField, TextField } from '@wallet/web-kit/ui/field';
import { DocumentIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { SafeHtml } from '@wallet/web-kit/ui/safe-html';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { useContentTexts } from '../api/get-content-texts';
import { useSaveContentText } from '../api/save-content-text';

/** Paragraphs of a list text are typed one after another, each ended by a line holding only this. */
const PARAGRAPH_BREAK = '---';

function toDraft(value: string | string[] | null): string {
  if (value === null) return '';
  return Array.isArray(value) ? value.join(`\n${PARAGRAPH_BREAK}\n`) : value;
}

function fromDraft(key: ContentTextKey, draft: string): string | string[] {
  if (!contentTextIsList(key)) return draft;
  return draft
    .split(new RegExp(`^\\s*${PARAGRAPH_BREAK}\\s*$`, 'm'))
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** One text at a time, in a language tab: a plain HTML box with a live, sanitised preview beside it. */
export function TextsPanel() {
  const { t } = useTranslation();
  const texts = useContentTexts();
  const [key, setKey] = useState<ContentTextKey>('notice');
  const [language, setLanguage] = useState<Language>('th');
  if (texts.isError)
    return <LoadFailedCard icon={<DocumentIcon />} error={texts.error} onRetry={() => void texts.refetch()} />;
  if (!texts.data) return <Loader />;
  const stored = texts.data.items.find((item) => item.key === key && item.language === language)?.value ?? null;
  return (
    <section className="card" aria-label={t('content.tabs.texts')}>
      <div className="texts-toolbar">
        <SelectField
          label={t('content.text')}
          name="textKey"
          value={key}
          options={CONTENT_TEXT_KEYS.map((name) => ({ value: name, label: t(`content.keys.${name}`) }))}
          onChange={(event) => setKey(event.target.value as ContentTextKey)}
        />
        <div className="tabs" role="tablist" aria-label={t('content.language')}>
          {LANGUAGES.map((lang) => (
            <button
              key={lang}
              type="button"
              role="tab"
              aria-selected={language === lang}
              className={language === lang ? 'tab is-current' : 'tab'}
              data-testid={`language-${lang}`}
              onClick={() => setLanguage(lang)}
            >
              {t(`content.languages.${lang}`)}
            </button>
          ))}
        </div>
      </div>
      <TextEditor
        key={`${key}-${language}-${JSON.stringify(stored)}`}
        textKey={key}
        language={language}
        stored={stored}
      />
    </section>
  );
}

function TextEditor({
  textKey,
  language,
  stored,
}: {
  textKey: ContentTextKey;
  language: Language;
  stored: string | string[] | null;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const save = useSaveContentText();
  const canManage = canCall(me.data?.role, 'PUT /api/backoffice/content/texts/:key/:language');
  const [draft, setDraft] = useState(() => toDraft(stored));
  const [reason, setReason] = useState('');
  const editorId = useId();
  const isList = contentTextIsList(textKey);
  const preview = fromDraft(textKey, draft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { key: textKey, language, value: preview, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => {
          setReason('');
          toast.success(t('content.savedText'));
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {stored === null ? <p className="notice">{t('content.fallbackThai')}</p> : null}
      <div className="editor-grid">
        <div className="field">
          <label className="field-label" htmlFor={editorId}>
            {t('content.html')}
          </label>
          <textarea
            id={editorId}
            className="input textarea"
            data-testid="text-editor"
            rows={14}
            maxLength={CONTENT_TEXT_MAX}
            readOnly={!canManage}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <p className="field-hint">
            {isList ? t('content.listHint', { mark: PARAGRAPH_BREAK }) : t('content.htmlHint')}
          </p>
        </div>
        <div className="field">
          <span className="field-label">{t('content.preview')}</span>
          <div className="preview" data-testid="text-preview" lang={language}>
            {(Array.isArray(preview) ? preview : [preview]).map((html, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are an ordered list of plain strings.
              <SafeHtml key={index} html={html} className="preview-paragraph" />
            ))}
          </div>
        </div>
      </div>
      {canManage ? (
        <>
          <TextField
            label={t('settings.reason')}
            optional
            name="textReason"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <FormError message={save.error ? errorText(save.error, t('errors.INTERNAL_SERVER_ERROR')) : null} />
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="text-save">
              {t('common.save')}
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}
