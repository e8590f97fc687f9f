import type { BackofficeRoute } from '@wallet/contract/backoffice/permissions';
import { HomeIcon, ListIcon, LockIcon, UserIcon } from '@wallet/web-kit/ui/icons';
import type { ComponentType } from 'react';
import { type BackofficePath, paths } from '@/lib/paths';

export interface NavItem {
  path: BackofficePath;
  /** Key under nav.* */
  label: 'account' | 'staff' | 'audit' | 'dashboard';
  icon: ComponentType;
  /** The call the screen opens with: a role that may not make it does not see the entry. */
  needs: BackofficeRoute;
}

/** The side navigation, in order. A new screen adds its entry here and its route in router.tsx. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: paths.root, label: 'dashboard', icon: HomeIcon, needs: 'GET /api/backoffice/dashboard' },
  { path: paths.staff, label: 'staff', icon: UserIcon, needs: 'GET /api/backoffice/staff' },
  { path: paths.audit, label: 'audit', icon: ListIcon, needs: 'GET /api/backoffice/audit' },
  { path: paths.account, label: 'account', icon: LockIcon, needs: 'GET /api/backoffice/me' },
];
