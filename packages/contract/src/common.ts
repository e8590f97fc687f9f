import { z } from 'zod';

/** Page request of every paginated POST list call (SPEC §7). */
export const pageRequest = z.object({
  page: z.number().int().min(1).max(100_000),
  limit: z.number().int().min(1).max(100),
});
export type PageRequest = z.infer<typeof pageRequest>;

/** ISO 8601 timestamp with offset, as every createdAt/updatedAt travels. */
export const isoDateTime = z.string();

/** Generic success body where SPEC shows none: a catalogue code such as SUCCESS. */
export const successResponse = z.object({ message: z.string() });
export type SuccessResponse = z.infer<typeof successResponse>;

/** True when `value` holds a C0 control character (U+0000–U+001F) or DEL, ignoring those `allowed` lists. */
export function hasControlCharacter(value: string, allowed = ''): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 || code === 0x7f) && !allowed.includes(value[i] as string)) return true;
  }
  return false;
}

/**
 * The string every text input (body, params, query, webhook payload) is built from. Control
 * characters are never part of a name, code, password or reference; PostgreSQL refuses NUL in text
 * outright (a 500), and the others hide text from whoever reads it later. `multiline` lets line
 * breaks and tabs through, for free text such as chat messages.
 */
export function text(options: { multiline?: boolean } = {}) {
  const allowed = options.multiline ? '\n\t' : '';
  return z.string().refine((value) => !hasControlCharacter(value, allowed), { message: 'KEY_INVALID' });
}
