/**
 * Without Zod, so the how-to screen can import it at runtime; lookup.ts re-exports it.
 * How-to videos (SPEC §2 How-to): five, in this order.
 */
export const HOWTO_VIDEOS = ['wallet', 'play', 'balance', 'bonus', 'end-bonus'] as const;
export type HowtoVideo = (typeof HOWTO_VIDEOS)[number];
