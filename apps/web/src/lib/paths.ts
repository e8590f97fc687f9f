/** Every route path of SPEC §2, defined once; links and redirects use these. */
export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  howto: '/howto',
  contact: '/contact',
  user: '/user',
  userHome: '/user/home',
  userProfile: '/user/profile',
  userBonus: '/user/bonus',
  userStatement: '/user/statement',
  userContact: '/user/contact',
  userSpin: '/user/spin',
  userPlaySafe: '/user/play-safe',
  terminated: '/terminated',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** /login?next=<path>, so the player returns where they were after signing in. */
export function loginWithNext(next: string): string {
  return `${paths.login}?next=${encodeURIComponent(next)}`;
}

/** Only same-app paths are accepted as next, so a crafted link cannot send a player to another site. */
export function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.user;
  return next;
}
