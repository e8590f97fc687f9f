import multipart from '@fastify/multipart';
import {
  BANNER_FILE_FIELD,
  BANNER_IMAGE_MAX_BYTES,
  bannerDeletedResponse,
  bannerDeleteQuery,
  bannerFields,
  bannerIdParams,
  bannerListResponse,
  bannerResponse,
  bannerUpdatePayload,
  contactLine,
  contactLinePayload,
  contentTextParams,
  contentTextPayload,
  contentTextSaved,
  contentTextsResponse,
  siteDetailsResponse,
  siteInfo,
  siteInfoPayload,
} from '@wallet/contract/backoffice/content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refused } from '../../lib/domain-error.ts';
import type { ContentService } from './content.service.ts';
import { actorOf } from './request-actor.ts';

/** One image and a handful of short fields; a banner form has no business carrying more. */
const MULTIPART_LIMITS = {
  files: 1,
  fileSize: BANNER_IMAGE_MAX_BYTES,
  fields: 10,
  fieldSize: 1024,
  fieldNameSize: 50,
  parts: 11,
  headerPairs: 50,
};

/**
 * Reads a banner upload: the image (at most BANNER_IMAGE_MAX_BYTES; larger is refused, not cut) and
 * its text fields, validated by the contract. Nothing is stored here.
 */
async function readBannerForm(app: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) throw refused('KEY_MISSING', BANNER_FILE_FIELD);
  let image: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === BANNER_FILE_FIELD) image = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const errors = app.multipartErrors;
    if (error instanceof errors.RequestFileTooLargeError || error instanceof errors.FilesLimitError) {
      throw refused('IMAGE_INVALID', BANNER_FILE_FIELD);
    }
    throw refused('KEY_INVALID', BANNER_FILE_FIELD);
  }
  if (!image || image.length === 0) throw refused('KEY_MISSING', BANNER_FILE_FIELD);
  const parsed = bannerFields.safeParse(fields);
  if (!parsed.success) throw refused('KEY_INVALID', String(parsed.error.issues[0]?.path[0] ?? 'kind'));
  return { image, fields: parsed.data };
}

/** Texts and home banners; the operator check allows reads to content.read, changes to content.manage. */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  // Registered here, not for the whole operator scope: only the banner upload takes multipart.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  app.get('/api/backoffice/content/texts', { schema: { response: { 200: contentTextsResponse } } }, async () =>
    content.listTexts(),
  );
  app.put(
    '/api/backoffice/content/texts/:key/:language',
    { schema: { params: contentTextParams, body: contentTextPayload, response: { 200: contentTextSaved } } },
    async (request) =>
      content.saveText(
        actorOf(request),
        request.params.key,
        request.params.language,
        request.body.value,
        request.body.reason,
      ),
  );

  app.get('/api/backoffice/content/details', { schema: { response: { 200: siteDetailsResponse } } }, async () =>
    content.getDetails(),
  );
  app.put(
    '/api/backoffice/content/info',
    { schema: { body: siteInfoPayload, response: { 200: siteInfo } } },
    async (request) => {
      const { reason, ...info } = request.body;
      return content.saveInfo(actorOf(request), info, reason);
    },
  );
  app.put(
    '/api/backoffice/content/line',
    { schema: { body: contactLinePayload, response: { 200: contactLine } } },
    async (request) => {
      const { reason, ...line } = request.body;
      return content.saveLine(actorOf(request), line, reason);
    },
  );

  app.get('/api/backoffice/content/banners', { schema: { response: { 200: bannerListResponse } } }, async () =>
    content.listBanners(),
  );
  app.post('/api/backoffice/content/banners', { schema: { response: { 200: bannerResponse } } }, async (request) => {
    const { image, fields } = await readBannerForm(app, request);
    const { reason, ...input } = fields;
    return { banner: await content.createBanner(actorOf(request), input, image, reason) };
  });
  app.put(
    '/api/backoffice/content/banners/:id',
    { schema: { params: bannerIdParams, body: bannerUpdatePayload, response: { 200: bannerResponse } } },
    async (request) => {
      const { reason, ...input } = request.body;
      return { banner: await content.updateBanner(actorOf(request), request.params.id, input, reason) };
    },
  );
  app.delete(
    '/api/backoffice/content/banners/:id',
    { schema: { params: bannerIdParams, querystring: bannerDeleteQuery, response: { 200: bannerDeletedResponse } } },
    async (request) => {
      await content.deleteBanner(actorOf(request), request.params.id, request.query.reason);
      return { message: 'SUCCESS' as const };
    },
  );
};
