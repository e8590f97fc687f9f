import type { ReactNode } from 'react';

/** A centred card with an icon, a title, a message and optional actions: empty, coming-soon and notice states. */
export function StatusCard({
  icon,
  title,
  message,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  message?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="card status-card">
      <div className="status-icon" aria-hidden="true">
        {icon}
      </div>
      <h2 className="status-title">{title}</h2>
      {message ? <p className="status-message">{message}</p> : null}
      {children ? <div className="status-actions">{children}</div> : null}
    </section>
  );
}
