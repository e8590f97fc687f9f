import type { BackofficeRoute } from '@wallet/contract/backoffice/permissions';
import {
  BankIcon,
  ChatIcon,
  DocumentIcon,
  GiftIcon,
  HomeIcon,
  ListIcon,
  LockIcon,
  ShieldIcon,
  UserIcon,
  WalletIcon,
  WheelIcon,
} from '@wallet/web-kit/ui/icons';
import type { ComponentType } from 'react';
import { type BackofficePath, paths } from '@/lib/paths';

export interface NavItem {
  path: BackofficePath;
  /** Key under nav.* */
  label:
    | 'account'
    | 'staff'
    | 'audit'
    | 'dashboard'
    | 'players'
    | 'bankChanges'
    | 'adjustments'
    | 'settings'
    | 'content'
    | 'promotions'
    | 'spinwheel'
    | 'moneyDesk'
    | 'protection'
    | 'chat'
    | 'sandboxSms';
  icon: ComponentType;
  /** The call the screen opens with: a role that may not make it does not see the entry. */
  needs: BackofficeRoute;
  /** A live count beside the label (open money-desk items, chat conversations nobody has taken). */
  badge?: 'moneyDesk' | 'chat';
  /** Shown only while the server runs sandbox providers (me.sandbox). */
  sandboxOnly?: boolean;
}

/** The side navigation, in order. A new screen adds its entry here and its route in router.tsx. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: paths.root, label: 'dashboard', icon: HomeIcon, needs: 'GET /api/backoffice/dashboard' },
  {
    path: paths.moneyDesk,
    label: 'moneyDesk',
    icon: WalletIcon,
    needs: 'GET /api/backoffice/money/slips',
    badge: 'moneyDesk',
  },
  {
    path: paths.chat,
    label: 'chat',
    icon: ChatIcon,
    needs: 'GET /api/backoffice/chat/conversations',
    badge: 'chat',
  },
  { path: paths.players, label: 'players', icon: UserIcon, needs: 'GET /api/backoffice/players' },
  { path: paths.protection, label: 'protection', icon: ShieldIcon, needs: 'GET /api/backoffice/protection' },
  { path: paths.bankChanges, label: 'bankChanges', icon: BankIcon, needs: 'GET /api/backoffice/bank-changes' },
  { path: paths.adjustments, label: 'adjustments', icon: WalletIcon, needs: 'GET /api/backoffice/adjustments' },
  { path: paths.staff, label: 'staff', icon: UserIcon, needs: 'GET /api/backoffice/staff' },
  { path: paths.audit, label: 'audit', icon: ListIcon, needs: 'GET /api/backoffice/audit' },
  { path: paths.settings, label: 'settings', icon: ShieldIcon, needs: 'GET /api/backoffice/settings' },
  { path: paths.content, label: 'content', icon: DocumentIcon, needs: 'GET /api/backoffice/content/texts' },
  // Finance sees it too, for the cost report.
  { path: paths.promotions, label: 'promotions', icon: GiftIcon, needs: 'GET /api/backoffice/promotions/report' },
  { path: paths.spinwheel, label: 'spinwheel', icon: WheelIcon, needs: 'GET /api/backoffice/spinwheel/wheels' },
  {
    path: paths.sandboxSms,
    label: 'sandboxSms',
    icon: ChatIcon,
    needs: 'GET /api/backoffice/sandbox/sms',
    sandboxOnly: true,
  },
  { path: paths.account, label: 'account', icon: LockIcon, needs: 'GET /api/backoffice/me' },
];
