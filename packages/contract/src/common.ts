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
