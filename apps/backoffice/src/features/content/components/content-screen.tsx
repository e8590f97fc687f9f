import { DocumentIcon } from '@wallet/web-kit/ui/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BannersPanel } from './banners-panel';
import { DetailsPanel } from './details-panel';
import { TextsPanel } from './texts-panel';

const TABS = ['texts', 'details', 'banners'] as const;
type Tab = (typeof TABS)[number];

/** What players read and see: the texts in three languages, the name, website and LINE contact, the home slides and banners. */
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
        {TABS.map((name) => (
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
        {tab === 'texts' ? <TextsPanel /> : tab === 'details' ? <DetailsPanel /> : <BannersPanel />}
      </div>
    </div>
  );
}
