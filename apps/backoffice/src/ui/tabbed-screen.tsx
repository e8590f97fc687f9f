import type { BackofficeRoute } from '@wallet/contract/backoffice/permissions';
import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';

/**
 * A screen of tabs, the open one kept in `?tab=` (so it survives a reload and can be linked). `tabs`
 * names each tab, in order, with the call it opens with: a role that may not make that call does not
 * see the tab, and an unknown or forbidden `?tab=` opens the first one the role may see.
 */
export function TabbedScreen<Tab extends string>({
  id,
  icon,
  title,
  subtitle,
  tabs,
  tabLabel,
  panelClassName,
  children,
}: {
  /** Prefix of the tab and panel element ids. */
  id: string;
  icon: ReactNode;
  title: string;
  subtitle: string;
  tabs: Record<Tab, BackofficeRoute>;
  tabLabel: (tab: Tab) => string;
  panelClassName?: string;
  /** The open tab's panel, for the signed-in operator's role. */
  children: (tab: Tab, role: OperatorRole | undefined) => ReactNode;
}) {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const role = me.data?.role;
  const visible = (Object.keys(tabs) as Tab[]).filter((tab) => canCall(role, tabs[tab]));
  const asked = params.get('tab') as Tab | null;
  const open: Tab | undefined = asked && visible.includes(asked) ? asked : visible[0];
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">
            {icon} {title}
          </h1>
          <p className="muted">{subtitle}</p>
        </div>
      </header>
      <div className="tabs" role="tablist" aria-label={title}>
        {visible.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={open === name}
            aria-controls={`${id}-panel-${name}`}
            className={open === name ? 'tab is-current' : 'tab'}
            onClick={() => setParams({ tab: name })}
          >
            {tabLabel(name)}
          </button>
        ))}
      </div>
      {open ? (
        <div
          role="tabpanel"
          className={panelClassName}
          id={`${id}-panel-${open}`}
          aria-labelledby={`${id}-tab-${open}`}
        >
          {children(open, role)}
        </div>
      ) : null}
    </div>
  );
}
