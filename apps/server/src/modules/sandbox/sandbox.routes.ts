import { sandboxSmsQuery, sandboxSmsResponse } from '@wallet/contract/backoffice/sandbox-sms';
import { text } from '@wallet/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface SandboxOutbox {
  outbox(phone?: string, limit?: number): Promise<{ phone: string; text: string; createdAt: string }[]>;
}

/**
 * Test doors into the sandbox providers. Registered only while sandbox providers are enabled, so a
 * production server has no such paths at all.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ sms: SandboxOutbox }> = async (app, { sms }) => {
  app.get(
    '/sandbox/sms/outbox',
    {
      schema: {
        querystring: z.object({
          phone: text().max(20).optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
        }),
        response: {
          200: z.object({
            messages: z.array(
              z.object({ phone: z.string(), text: z.string(), createdAt: z.string(), code: z.string().nullable() }),
            ),
          }),
        },
      },
    },
    async (request) => ({ messages: withCodes(await sms.outbox(request.query.phone, request.query.limit)) }),
  );
};

/** The code is pulled out of the text so tests and people need not parse the wording. */
function withCodes(messages: { phone: string; text: string; createdAt: string }[]) {
  return messages.map((m) => ({ ...m, code: /\b(\d{6})\b/.exec(m.text)?.[1] ?? null }));
}

/** The back office's screen of the same outbox (DESIGN §4), behind the operator check. */
export const sandboxSmsConsoleRoutes: FastifyPluginAsyncZod<{ sms: SandboxOutbox }> = async (app, { sms }) => {
  app.get(
    '/api/backoffice/sandbox/sms',
    { schema: { querystring: sandboxSmsQuery, response: { 200: sandboxSmsResponse } } },
    async (request) => ({ messages: withCodes(await sms.outbox(request.query.phone || undefined, 50)) }),
  );
};
