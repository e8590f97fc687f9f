import { z } from 'zod';
import { text } from '../common.ts';

/** GET /api/backoffice/sandbox/sms (sandbox only): the latest texts, optionally for one phone. */
export const sandboxSmsQuery = z.object({ phone: text().trim().max(20).optional() });

export const sandboxSmsResponse = z.object({
  messages: z.array(
    z.object({ phone: z.string(), text: z.string(), createdAt: z.string(), code: z.string().nullable() }),
  ),
});
export type SandboxSmsResponse = z.infer<typeof sandboxSmsResponse>;
