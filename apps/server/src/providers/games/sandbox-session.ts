import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';

/**
 * The demo game page is opened by a link, with no wallet login behind it, so the link itself carries
 * a signed, expiring claim to one account at one provider: base64url(JSON) "." base64url(HMAC-SHA256).
 */

export const SESSION_TTL_MS = 2 * 60 * 60 * 1000;
/** Far above a real token (~150 chars); bounds the work a forged one can cause. */
export const SESSION_MAX_LENGTH = 1024;

export interface SandboxSession {
  code: string;
  username: string;
  expiresAt: number;
}

export interface SessionSigner {
  issue(code: string, username: string): string;
  /** The claim, or null when the token is malformed, forged or expired. */
  verify(token: string): SandboxSession | null;
}

export function createSessionSigner(secret: string, clock: Clock): SessionSigner {
  // A key of its own, so a token minted here can never pass for any other signed value of the server.
  const key = createHmac('sha256', secret).update('sandbox-games/session').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    issue(code, username) {
      const claim = { c: code, u: username, e: clock.now() + SESSION_TTL_MS };
      const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    verify(token) {
      if (token.length > SESSION_MAX_LENGTH) return null;
      const parts = token.split('.');
      if (parts.length !== 2) return null;
      const [payload, signature] = parts as [string, string];
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claim: unknown;
      try {
        claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (typeof claim !== 'object' || claim === null) return null;
      const { c, u, e } = claim as Record<string, unknown>;
      if (typeof c !== 'string' || typeof u !== 'string' || typeof e !== 'number') return null;
      if (clock.now() >= e) return null;
      return { code: c, username: u, expiresAt: e };
    },
  };
}
