import multipart from '@fastify/multipart';
import { text } from '@wallet/contract/common';
import { IMAGE_MAX_BYTES } from '@wallet/contract/constants';
import { SLIP_FILE_FIELD, SLIP_UPLOAD_MESSAGES } from '@wallet/contract/slip';
import {
  type SlipUploadResponse,
  slipListRequest,
  slipListResponse,
  slipReferenceParams,
  slipReferenceResponse,
  slipUploadResponse,
} from '@wallet/contract/statement';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { playerOf } from '../../http/auth.ts';
import type { Idempotency, KeyedTransactions, Recovery } from '../../http/idempotency.ts';
import { DomainError, forbidden, limited, notFound, refused } from '../../lib/domain-error.ts';
import type { SlipRow } from './slip.repo.ts';
import type { SlipService } from './slip.service.ts';
import { SLIP_IMAGE_PATH, type SlipImageLinks } from './slip-image-links.ts';

/** One image and nothing much else: a slip form has no business carrying more. */
const MULTIPART_LIMITS = {
  files: 1,
  fileSize: IMAGE_MAX_BYTES,
  fields: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 6,
  headerPairs: 50,
};

/**
 * Multipart trouble in the player's words: too big or too many files → not a valid slip file; not a
 * form → no file; anything else the parser meets (no boundary, a body cut short) is a broken upload.
 */
function uploadRefusal(app: FastifyInstance, error: unknown): DomainError {
  const errors = app.multipartErrors;
  if (error instanceof errors.RequestFileTooLargeError || error instanceof errors.FilesLimitError) {
    return refused('SLIP_INVALID_FILE');
  }
  if (error instanceof errors.InvalidMultipartContentTypeError) return refused('SLIP_NO_FILE');
  return refused('SLIP_UPLOAD_FAIL');
}

/**
 * Reads the one image of a slip upload into memory (at most IMAGE_MAX_BYTES). The whole body is read,
 * so a second file is noticed (and refused) rather than silently dropped; an over-size file is cut off
 * by the parser and refused. Nothing is stored here.
 */
async function readSlipFile(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw refused('SLIP_NO_FILE');
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      // Read even a file in the wrong field: an unread part would stall the parser.
      const bytes = await part.toBuffer();
      if (part.fieldname === SLIP_FILE_FIELD) image = bytes;
    }
  } catch (error) {
    throw uploadRefusal(app, error);
  }
  if (!image) throw refused('SLIP_NO_FILE');
  return image;
}

/** POST /api/wallet/slip, the slip list and the image link of SPEC §7; behind the bearer-token check. */
export const playerSlipRoutes: FastifyPluginAsyncZod<{
  slips: SlipService;
  idempotency: Idempotency;
  uploadsPerIpPerMinute: number;
}> = async (app, { slips, idempotency, uploadsPerIpPerMinute }) => {
  // Registered here, not app-wide: only this plugin's routes accept multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  const upload = {
    schema: { response: { 200: slipUploadResponse } },
    config: {
      // Besides each player's one a minute: one person with many accounts, or a script, shares the
      // address's allowance. Counted before the body is read.
      rateLimit: {
        max: uploadsPerIpPerMinute,
        timeWindow: '1 minute',
        errorResponseBuilder: () => limited('REQUEST_LIMIT_1MIN'),
      },
    },
  };
  app.post('/api/wallet/slip', upload, async (request, reply) => {
    const userId = playerOf(request).id;
    const answerOf = (slip: SlipRow) => {
      const message = slip.status === 'success' ? SLIP_UPLOAD_MESSAGES.credited : SLIP_UPLOAD_MESSAGES.received;
      return { status: 200, body: { message, slip: slips.toApi(slip) } };
    };
    const run = async (tx: KeyedTransactions<SlipUploadResponse>) => {
      // Refusals that need no body come first, so a closed window or a second try costs no upload.
      await slips.assertUploadOpen();
      await slips.assertUploadAllowed(userId);
      await slips.assertUploadAllowance(userId);
      const bytes = await readSlipFile(app, request);
      return answerOf(await slips.upload(userId, bytes, tx.answering(answerOf)));
    };
    // A retry whose first attempt died after storing its slip answers from that slip as it stands now
    // (credited, failed, or still processing for the sweep); one that stored nothing simply runs.
    const recover: Recovery<SlipUploadResponse> = {
      settle: async (operation) => {
        const slip = await slips.uploaded(userId, operation);
        if (!slip) throw new DomainError('INTERNAL_SERVER_ERROR', 'internal');
        return answerOf(slip);
      },
    };
    return idempotency.once<SlipUploadResponse>(request, reply, run, recover);
  });

  app.post(
    '/api/statement/slip',
    { schema: { body: slipListRequest, response: { 200: slipListResponse } } },
    async (request) => slips.list(playerOf(request).id, request.body.page, request.body.limit),
  );

  app.get(
    '/api/statement/slip/reference/:reference',
    { schema: { params: slipReferenceParams, response: { 200: slipReferenceResponse } } },
    async (request) => ({ url: await slips.imageUrl(playerOf(request).id, request.params.reference) }),
  );
};

const imageParams = z.object({ id: text().min(1).max(40) });
const imageQuery = z.object({ exp: z.coerce.number().int(), sig: text().min(1).max(100) });

/**
 * GET /api/slips/image/:id?exp&sig: the slip image behind a signed link. Public because an <img>
 * cannot send the bearer header; the signature is the owner's proof, and it expires.
 */
export const publicSlipImageRoutes: FastifyPluginAsyncZod<{ slips: SlipService; links: SlipImageLinks }> = async (
  app,
  { slips, links },
) => {
  app.get(
    `${SLIP_IMAGE_PATH}/:id`,
    {
      schema: { params: imageParams, querystring: imageQuery },
      // The app-wide hook marks every /api answer no-store; this one is also private to its viewer.
      onSend: async (_request, reply, payload) => {
        reply.header('cache-control', 'private, no-store');
        return payload;
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!links.verify(id, request.query.exp, request.query.sig)) throw forbidden('KEY_INVALID');
      const image = await slips.image(id);
      if (!image) throw notFound('NO_DATA');
      return reply.type(image.contentType).header('x-content-type-options', 'nosniff').send(image.bytes);
    },
  );
};
