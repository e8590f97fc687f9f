import {
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
import { acceptImageUploads, readImageUpload } from '../../http/image-upload.ts';
import { refused } from '../../lib/domain-error.ts';
import type { ContentService } from './content.service.ts';
import { actorOf } from './request-actor.ts';

/** A banner upload: the image (http/image-upload.ts) and its fields, validated by the contract. */
async function readBannerForm(app: FastifyInstance, request: FastifyRequest) {
  const { image, fields } = await readImageUpload(app, request);
  const parsed = bannerFields.safeParse(fields);
  if (!parsed.success) throw refused('KEY_INVALID', String(parsed.error.issues[0]?.path[0] ?? 'kind'));
  return { image, fields: parsed.data };
}

/** Texts and home banners; the operator check allows reads to content.read, changes to content.manage. */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  // Registered here, not for the whole operator scope: only the banner upload takes multipart.
  await acceptImageUploads(app);

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
