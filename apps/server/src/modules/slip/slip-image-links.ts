import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/ids.ts';

/** How long a slip image link works: long enough to open the slip list and look, short enough not to leak. */
export const SLIP_IMAGE_LINK_TTL_MS = 10 * 60 * 1000;
export const SLIP_IMAGE_PATH = '/api/slips/image';

/**
 * Signed, expiring links to slip images. An <img> or a new tab cannot send the bearer header, so the
 * link itself carries the proof: HMAC-SHA256 over slip id and expiry with a key only this server has.
 */
export function createSlipImageLinks(secret: string, clock: Clock) {
  const key = sha256(`slip-images:${secret}`);
  const signature = (slipId: string, expiresAt: number) =>
    createHmac('sha256', key).update(`${slipId}.${expiresAt}`).digest('base64url');

  return {
    url(slipId: string): string {
      const expiresAt = clock.now() + SLIP_IMAGE_LINK_TTL_MS;
      return `${SLIP_IMAGE_PATH}/${encodeURIComponent(slipId)}?exp=${expiresAt}&sig=${signature(slipId, expiresAt)}`;
    },
    /** True when the link was made here for this slip and has not expired. */
    verify(slipId: string, expiresAt: number, sig: string): boolean {
      if (!Number.isSafeInteger(expiresAt) || expiresAt < clock.now()) return false;
      const expected = Buffer.from(signature(slipId, expiresAt));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type SlipImageLinks = ReturnType<typeof createSlipImageLinks>;
