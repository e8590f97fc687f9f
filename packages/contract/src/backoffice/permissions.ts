import type { OperatorRole } from './roles.ts';

/**
 * What an operator may do, as one word per job. A back-office route needs exactly one of them
 * (BACKOFFICE_ROUTES); a role holds a set of them (ROLE_PERMISSIONS). The server enforces this table
 * with one hook for the whole operator audience, and the back-office app hides what the role lacks,
 * both from here. Zod-free, so the app imports it as is.
 *
 * `session` is every signed-in operator's own business (who am I, sign out, enrol two-factor).
 * `*.read` permissions only look; the auditor holds every one of them and nothing else.
 */
export const PERMISSIONS = [
  'session',
  'staff.read',
  'staff.manage',
  'audit.read',
  'dashboard.read',
  'money.read',
  'money.decide',
  'money.adjust',
  'slips.read',
  'slips.decide',
  'players.read',
  'players.manage',
  'content.read',
  'content.manage',
  'settings.read',
  'settings.manage',
  'promotions.read',
  'promotions.manage',
  /** What each bonus and promotion code cost: finance reads it beside marketing. */
  'promotion-costs.read',
  /** Spin wheels, the spin log and the coupons won (issue 16); wheel edits are marketing's. */
  'spinwheel.read',
  'spinwheel.manage',
  /** Handing over a non-cash prize a player claimed. */
  'spinwheel.fulfil',
  'chat.read',
  'chat.answer',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ_ONLY: Permission[] = PERMISSIONS.filter((p) => p === 'session' || p.endsWith('.read'));

/** Role → permissions. Owner holds everything; auditor reads everything and changes nothing. */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  finance: [
    'session',
    'dashboard.read',
    'money.read',
    'money.decide',
    'money.adjust',
    'slips.read',
    'slips.decide',
    'players.read',
    'promotion-costs.read',
    'spinwheel.read',
  ],
  support: [
    'session',
    'dashboard.read',
    'slips.read',
    'slips.decide',
    'players.read',
    'players.manage',
    'chat.read',
    'chat.answer',
    'spinwheel.read',
    'spinwheel.fulfil',
  ],
  marketing: [
    'session',
    'dashboard.read',
    'content.read',
    'content.manage',
    'promotions.read',
    'promotions.manage',
    'promotion-costs.read',
    'spinwheel.read',
    'spinwheel.manage',
  ],
  auditor: READ_ONLY,
};

/**
 * Every back-office route ("METHOD path", path as the server declares it) and the permission it needs;
 * `public` is the sign-in itself. A route missing here is refused by the server, so a new screen's
 * routes are added here first. A list's CSV export (`….csv`) needs what the list needs.
 */
export const BACKOFFICE_ROUTES = {
  'POST /api/backoffice/login': 'public',
  'POST /api/backoffice/logout': 'session',
  'GET /api/backoffice/me': 'session',
  'POST /api/backoffice/me/password': 'session',
  'POST /api/backoffice/me/totp/setup': 'session',
  'POST /api/backoffice/me/totp/enable': 'session',
  'GET /api/backoffice/staff': 'staff.read',
  'GET /api/backoffice/staff.csv': 'staff.read',
  'POST /api/backoffice/staff': 'staff.manage',
  'POST /api/backoffice/staff/:id/disable': 'staff.manage',
  'POST /api/backoffice/staff/:id/enable': 'staff.manage',
  'POST /api/backoffice/staff/:id/reset-password': 'staff.manage',
  'POST /api/backoffice/staff/:id/role': 'staff.manage',
  'GET /api/backoffice/audit': 'audit.read',
  'GET /api/backoffice/audit.csv': 'audit.read',
  'GET /api/backoffice/dashboard': 'dashboard.read',
  'GET /api/backoffice/players': 'players.read',
  'GET /api/backoffice/players.csv': 'players.read',
  'GET /api/backoffice/players/:id': 'players.read',
  'GET /api/backoffice/players/:id/records': 'players.read',
  'GET /api/backoffice/players/:id/records.csv': 'players.read',
  'GET /api/backoffice/players/:id/audit': 'players.read',
  'GET /api/backoffice/players/:id/audit.csv': 'players.read',
  'POST /api/backoffice/players/:id/suspend': 'players.manage',
  'POST /api/backoffice/players/:id/reactivate': 'players.manage',
  'POST /api/backoffice/players/:id/sign-out': 'players.manage',
  'POST /api/backoffice/players/:id/reset-password': 'players.manage',
  /** Player protection (issue 20): support sees it and applies a time-out or exclusion on the player's request. */
  'GET /api/backoffice/players/:id/protection': 'players.read',
  'POST /api/backoffice/players/:id/protection/timeout': 'players.manage',
  'POST /api/backoffice/players/:id/protection/exclusion': 'players.manage',
  'GET /api/backoffice/protection': 'players.read',
  'GET /api/backoffice/protection.csv': 'players.read',
  'GET /api/backoffice/bank-changes': 'players.read',
  'GET /api/backoffice/bank-changes.csv': 'players.read',
  'POST /api/backoffice/bank-changes/:id/approve': 'players.manage',
  'POST /api/backoffice/bank-changes/:id/refuse': 'players.manage',
  'GET /api/backoffice/players/:id/adjustments': 'players.read',
  'GET /api/backoffice/players/:id/adjustments.csv': 'players.read',
  'POST /api/backoffice/players/:id/adjustments': 'money.adjust',
  'GET /api/backoffice/adjustments': 'money.read',
  'GET /api/backoffice/adjustments.csv': 'money.read',
  'POST /api/backoffice/adjustments/:id/approve': 'money.adjust',
  'POST /api/backoffice/adjustments/:id/refuse': 'money.adjust',
  'GET /api/backoffice/settings': 'settings.read',
  'POST /api/backoffice/settings/service': 'settings.manage',
  'PUT /api/backoffice/settings/money': 'settings.manage',
  'POST /api/backoffice/settings/chat': 'settings.manage',
  'GET /api/backoffice/content/texts': 'content.read',
  'PUT /api/backoffice/content/texts/:key/:language': 'content.manage',
  'GET /api/backoffice/content/details': 'content.read',
  'PUT /api/backoffice/content/info': 'content.manage',
  'PUT /api/backoffice/content/line': 'content.manage',
  'GET /api/backoffice/content/banners': 'content.read',
  'POST /api/backoffice/content/banners': 'content.manage',
  'PUT /api/backoffice/content/banners/:id': 'content.manage',
  'DELETE /api/backoffice/content/banners/:id': 'content.manage',
  'GET /api/backoffice/money/counts': 'dashboard.read',
  'GET /api/backoffice/money/players': 'money.read',
  'GET /api/backoffice/money/transfers': 'money.read',
  'GET /api/backoffice/money/transfers.csv': 'money.read',
  'POST /api/backoffice/money/transfers/:id/claim': 'money.decide',
  'POST /api/backoffice/money/transfers/:id/release': 'money.decide',
  'POST /api/backoffice/money/transfers/:id/credit': 'money.decide',
  'POST /api/backoffice/money/transfers/:id/return': 'money.decide',
  'GET /api/backoffice/money/manual-deposits': 'money.read',
  'GET /api/backoffice/money/manual-deposits.csv': 'money.read',
  'POST /api/backoffice/money/manual-deposits/:id/claim': 'money.decide',
  'POST /api/backoffice/money/manual-deposits/:id/release': 'money.decide',
  'POST /api/backoffice/money/manual-deposits/:id/confirm': 'money.decide',
  'POST /api/backoffice/money/manual-deposits/:id/reject': 'money.decide',
  'GET /api/backoffice/money/slips': 'slips.read',
  'GET /api/backoffice/money/slips.csv': 'slips.read',
  'GET /api/backoffice/money/slips/:id': 'slips.read',
  'POST /api/backoffice/money/slips/:id/claim': 'slips.decide',
  'POST /api/backoffice/money/slips/:id/release': 'slips.decide',
  'POST /api/backoffice/money/slips/:id/approve': 'slips.decide',
  'POST /api/backoffice/money/slips/:id/reject': 'slips.decide',
  'GET /api/backoffice/money/withdrawals': 'money.read',
  'GET /api/backoffice/money/withdrawals.csv': 'money.read',
  'POST /api/backoffice/money/withdrawals/:id/claim': 'money.decide',
  'POST /api/backoffice/money/withdrawals/:id/release': 'money.decide',
  'POST /api/backoffice/money/withdrawals/:id/approve': 'money.decide',
  'POST /api/backoffice/money/withdrawals/:id/reject': 'money.decide',
  'POST /api/backoffice/money/withdrawals/:id/paid': 'money.decide',
  'POST /api/backoffice/money/withdrawals/:id/failed': 'money.decide',
  'GET /api/backoffice/promotions/bonuses': 'promotions.read',
  'POST /api/backoffice/promotions/bonuses': 'promotions.manage',
  'PUT /api/backoffice/promotions/bonuses/:code': 'promotions.manage',
  'GET /api/backoffice/promotions/codes': 'promotions.read',
  'POST /api/backoffice/promotions/codes': 'promotions.manage',
  'PUT /api/backoffice/promotions/codes/:code': 'promotions.manage',
  'GET /api/backoffice/promotions/invite': 'promotions.read',
  'PUT /api/backoffice/promotions/invite': 'promotions.manage',
  'GET /api/backoffice/promotions/refund': 'promotions.read',
  'PUT /api/backoffice/promotions/refund': 'promotions.manage',
  'POST /api/backoffice/promotions/images': 'promotions.manage',
  'GET /api/backoffice/promotions/report': 'promotion-costs.read',
  'GET /api/backoffice/spinwheel/wheels': 'spinwheel.read',
  'POST /api/backoffice/spinwheel/wheels': 'spinwheel.manage',
  'GET /api/backoffice/spinwheel/wheels/:id': 'spinwheel.read',
  'PUT /api/backoffice/spinwheel/wheels/:id': 'spinwheel.manage',
  'POST /api/backoffice/spinwheel/wheels/:id/active': 'spinwheel.manage',
  'DELETE /api/backoffice/spinwheel/wheels/:id': 'spinwheel.manage',
  'GET /api/backoffice/spinwheel/spins': 'spinwheel.read',
  'GET /api/backoffice/spinwheel/spins.csv': 'spinwheel.read',
  'GET /api/backoffice/spinwheel/coupons': 'spinwheel.read',
  'GET /api/backoffice/spinwheel/coupons.csv': 'spinwheel.read',
  'POST /api/backoffice/spinwheel/coupons/:id/fulfil': 'spinwheel.fulfil',
  'GET /api/backoffice/spinwheel/report': 'promotion-costs.read',
  'GET /api/backoffice/chat/conversations': 'chat.read',
  'GET /api/backoffice/chat/conversations/:id': 'chat.read',
  'GET /api/backoffice/chat/conversations/:id/messages': 'chat.read',
  'GET /api/backoffice/chat/conversations/:id/notes': 'chat.read',
  'GET /api/backoffice/chat/conversations/:id/sidebar': 'chat.read',
  'POST /api/backoffice/chat/conversations/:id/read': 'chat.answer',
  'POST /api/backoffice/chat/conversations/:id/claim': 'chat.answer',
  'POST /api/backoffice/chat/conversations/:id/assign': 'chat.answer',
  'POST /api/backoffice/chat/conversations/:id/reply': 'chat.answer',
  'POST /api/backoffice/chat/conversations/:id/upload-image': 'chat.answer',
  'POST /api/backoffice/chat/conversations/:id/upload-video': 'chat.answer',
  'POST /api/backoffice/chat/conversations/:id/notes': 'chat.answer',
  'POST /api/backoffice/chat/conversations/:id/end': 'chat.answer',
  'GET /api/backoffice/chat/agents': 'chat.read',
  /** Sandbox only (DESIGN §4): the texts the sandbox SMS gateway kept, so staff can read a player's code. */
  'GET /api/backoffice/sandbox/sms': 'players.read',
  'GET /api/backoffice/chat/canned-replies': 'chat.read',
  'POST /api/backoffice/chat/canned-replies': 'chat.answer',
  'PUT /api/backoffice/chat/canned-replies/:id': 'chat.answer',
  'DELETE /api/backoffice/chat/canned-replies/:id': 'chat.answer',
} as const satisfies Record<string, Permission | 'public'>;
export type BackofficeRoute = keyof typeof BACKOFFICE_ROUTES;

/**
 * What an operator still holding an owner-made password may call (PASSWORD_CHANGE_REQUIRED for the
 * rest): see who they are, replace the password, or leave. Even two-factor enrolment waits, so the
 * authenticator is never bound to a session the owner could have opened with that password.
 */
export const PASSWORD_CHANGE_ROUTES: readonly BackofficeRoute[] = [
  'GET /api/backoffice/me',
  'POST /api/backoffice/me/password',
  'POST /api/backoffice/logout',
];

/** The key of BACKOFFICE_ROUTES for a method and a declared path. */
export function backofficeRouteKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** The permission a route needs, or undefined for a route the table does not declare. */
export function routePermission(method: string, path: string): Permission | 'public' | undefined {
  return (BACKOFFICE_ROUTES as Record<string, Permission | 'public'>)[backofficeRouteKey(method, path)];
}

export function roleCan(role: OperatorRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Whether `role` may call the route; the app uses it to hide buttons, the server to refuse calls. */
export function roleCanCall(role: OperatorRole, method: string, path: string): boolean {
  const permission = routePermission(method, path);
  if (permission === undefined) return false;
  return permission === 'public' || roleCan(role, permission);
}
