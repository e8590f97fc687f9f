import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { CANNED_LANGUAGES, type CannedLanguage, useCannedReplies } from '../api/canned-replies';

/** Canned replies in the player's language: picking one puts its text in the reply box to edit or send. */
export function CannedPicker({ onPick, onClose }: { onPick: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const replies = useCannedReplies();
  const [language, setLanguage] = useState<CannedLanguage>('th');
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = (replies.data ?? []).filter(
    (reply) =>
      !needle || reply.title.toLowerCase().includes(needle) || reply.texts[language].toLowerCase().includes(needle),
  );
  return (
    <Modal open onClose={onClose} title={t('chat.canned.pick')}>
      <div className="stack">
        <fieldset className="chat-mode" aria-label={t('chat.canned.language')}>
          {CANNED_LANGUAGES.map((lang) => (
            <button
              key={lang}
              type="button"
              aria-pressed={lang === language}
              onClick={() => setLanguage(lang)}
              data-testid={`canned-lang-${lang}`}
            >
              {t(`chat.canned.languages.${lang}`)}
            </button>
          ))}
        </fieldset>
        <label className="field" style={{ width: '100%' }}>
          <span className="field-label">{t('chat.canned.search')}</span>
          <input className="input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <Loader active={replies.isPending} />
        <div className="chat-canned" style={{ width: '100%' }}>
          {shown.map((reply) => (
            <button
              key={reply.id}
              type="button"
              className="chat-canned-item"
              lang={language}
              onClick={() => onPick(reply.texts[language])}
              data-testid={`canned-${reply.id}`}
            >
              <span className="strong">{reply.title}</span>
              <span className="muted">{reply.texts[language]}</span>
            </button>
          ))}
          {replies.data && shown.length === 0 ? <p className="muted">{t('chat.canned.none')}</p> : null}
        </div>
        <Link to={paths.cannedReplies}>{t('chat.canned.manage')}</Link>
      </div>
    </Modal>
  );
}
