/**
 * Messages outside the catalogue that the web client reacts to (SPEC §6, §8). Without Zod, so the web
 * app's HTTP client can import them at runtime; errors.ts re-exports them.
 */
export const INVALID_TOKEN = 'invalid-token';
export const GONE = 'gone';
