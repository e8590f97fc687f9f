import type { DashboardQueue } from '@wallet/contract/backoffice/dashboard-rules';
import type { MoneyQueue } from '@wallet/contract/backoffice/money-desk-rules';

/**
 * Every screen's path, defined once; links, redirects and the navigation use these. They are relative to
 * the router's basename (/backoffice), which the server and Vite's base agree on.
 */
export const BASENAME = '/backoffice';

export const paths = {
  root: '/',
  signIn: '/sign-in',
  account: '/account',
  staff: '/staff',
  audit: '/audit',
  moneyDesk: '/money-desk',
  players: '/players',
  player: '/players/:id',
  bankChanges: '/bank-changes',
  adjustments: '/adjustments',
  settings: '/settings',
  content: '/content',
  promotions: '/promotions',
  spinwheel: '/spinwheel',
  protection: '/protection',
  chat: '/chat',
  chatConversation: '/chat/:id',
  cannedReplies: '/chat/canned-replies',
  sandboxSms: '/sandbox-sms',
} as const;

export type BackofficePath = (typeof paths)[keyof typeof paths];

/** The money desk's tab of a queue the dashboard counts. */
const DESK_TAB_OF: Record<DashboardQueue, MoneyQueue> = {
  unmatchedTransfers: 'transfers',
  manualDeposits: 'manual-deposits',
  undecidedSlips: 'slips',
  pendingWithdrawals: 'withdrawals',
};

/** The money desk opened on one queue's tab (?queue=<MONEY_QUEUES name>). */
export function moneyDeskQueue(queue: DashboardQueue): string {
  return `${paths.moneyDesk}?queue=${DESK_TAB_OF[queue]}`;
}

/** /sign-in?next=<path>, so the operator returns where they were after signing in again. */
export function signInWithNext(next: string): string {
  return `${paths.signIn}?next=${encodeURIComponent(next)}`;
}

/** Only same-app paths are accepted as next, so a crafted link cannot send an operator to another site. */
export function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.root;
  return next;
}

/** The page of one player. */
export function playerPath(id: string): string {
  return paths.player.replace(':id', encodeURIComponent(id));
}

/** The chat console opened on one conversation. */
export function chatConversationPath(id: string): string {
  return paths.chatConversation.replace(':id', encodeURIComponent(id));
}
