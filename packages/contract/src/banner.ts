import { z } from 'zod';

/** Banner item (SPEC §3): shared by invite, refund and bonus, so it lives apart from all three. */
export const banner = z.object({ image: z.string(), html: z.string() });
export type Banner = z.infer<typeof banner>;

/** GET /api/invite/banners and /api/refund/banners: an empty list means the dialog opens directly. */
export const bannersResponse = z.array(banner);
export type BannersResponse = z.infer<typeof bannersResponse>;
