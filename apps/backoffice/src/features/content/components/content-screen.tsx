import { DocumentIcon } from '@wallet/web-kit/ui/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BannersPanel } from './banners-panel';
import { TextsPanel } from './texts-panel';

type Tab = 'texts' | 'banners';

/** What players read and see: the texts in three languages, and the home slides and banners. */
export function ContentScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('texts');
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">
            <DocumentIcon /> {t('content.title')}
          </h1>
          <p className="muted">{t('content.subtitle')}</p>
        </div>
      </header>
      <div className="tabs" role="tablist" aria-label={t('content.title')}>
        {(['texts', 'banners'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`content-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`content-panel-${name}`}
            className={tab === name ? 'tab is-current' : 'tab'}
            onClick={() => setTab(name)}
          >
            {t(`content.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`content-panel-${tab}`} aria-labelledby={`content-tab-${tab}`}>
        {tab === 'texts' ? <TextsPanel /> : <BannersPanel />}
      </div>
    </div>
  );
}
