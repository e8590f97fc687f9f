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
  moneyDesk: '/money',
} as const;

export type BackofficePath = (typeof paths)[keyof typeof paths];

/** /sign-in?next=<path>, so the operator returns where they were after signing in again. */
export function signInWithNext(next: string): string {
  return `${paths.signIn}?next=${encodeURIComponent(next)}`;
}

/** Only same-app paths are accepted as next, so a crafted link cannot send an operator to another site. */
export function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.root;
  return next;
}
