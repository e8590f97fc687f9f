import { AUTO_LOGIN_PROVIDERS } from '@wallet/contract/constants';
import type { GameAccount } from '@wallet/contract/wallet';
import type { AppConfig } from '@/lib/config';

export type LaunchKind = 'web' | 'android' | 'ios';
export const LAUNCH_KINDS: readonly LaunchKind[] = ['web', 'android', 'ios'];

/** SPEC §2: these providers launch through GET /api/autoLogin with the game credentials. */
export function isAutoLoginProvider(code: string): boolean {
  return (AUTO_LOGIN_PROVIDERS as readonly string[]).includes(code);
}

type LinkConfig = Pick<AppConfig, 'apiBaseUrl' | 'customHostProvider' | 'customHost'>;

/**
 * A game link as the browser opens it: server-relative links (/sandbox/games/…) are resolved against the
 * API base URL the same way the HTTP client builds its URLs; the one provider with a custom host gets
 * that host instead of the link's own.
 */
export function resolveGameLink(code: string, link: string, settings: LinkConfig): string {
  const relative = link.startsWith('/') && !link.startsWith('//');
  let resolved = relative ? `${settings.apiBaseUrl}${link}` : link;
  if (settings.customHost && settings.customHostProvider === code) {
    const url = new URL(resolved, window.location.origin);
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(settings.customHost)
      ? settings.customHost
      : `https://${settings.customHost}`;
    resolved = new URL(`${url.pathname}${url.search}${url.hash}`, new URL(withScheme).origin).toString();
  }
  return resolved;
}

/** The link "transfer and play" opens for a non-auto-login game: web first, else the device's own app link. */
export function preferredLink(slot: GameAccount, userAgent: string = navigator.userAgent): string | null {
  if (slot.web) return slot.web;
  if (/android/i.test(userAgent) && slot.android) return slot.android;
  if (/iphone|ipad|ipod/i.test(userAgent) && slot.ios) return slot.ios;
  return slot.android ?? slot.ios ?? null;
}
