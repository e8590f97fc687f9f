import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/api-error';

/**
 * A centred card with an icon, a title, a message and optional actions: empty, coming-soon and notice states.
 * A card that is the whole screen (not found, coming soon) passes level 1, so the page has its main heading.
 */
export function StatusCard({
  icon,
  title,
  message,
  children,
  level = 2,
}: {
  icon: ReactNode;
  title: ReactNode;
  message?: ReactNode;
  children?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="card status-card">
      <div className="status-icon" aria-hidden="true">
        {icon}
      </div>
      <Heading className="status-title">{title}</Heading>
      {message ? <p className="status-message">{message}</p> : null}
      {children ? <div className="status-actions">{children}</div> : null}
    </section>
  );
}

/** What a screen shows when its data could not load: the translated reason and a retry button. */
export function LoadFailedCard({ icon, error, onRetry }: { icon: ReactNode; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusCard icon={icon} title={errorText(error, t('common.loadFailed'))}>
      <button type="button" className="btn btn-ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </StatusCard>
  );
}
