import type { FastifyInstance } from 'fastify';
import { bannerFileType, createBannerStorage } from '../lib/banner-images.ts';

/**
 * The home banners' images. A file's name is new with every upload, so browsers and any cache on the
 * way keep it for a year; the type is the one read from its bytes at upload, and nosniff keeps the
 * browser to it.
 */
export function registerBannerImages(app: FastifyInstance, uploadsDir: string): void {
  const storage = createBannerStorage(uploadsDir);
  app.get<{ Params: { file: string } }>('/media/banners/:file', async (request, reply) => {
    const type = bannerFileType(request.params.file);
    const bytes = type ? await storage.read(request.params.file) : undefined;
    if (!type || !bytes) return reply.status(404).send({ message: 'NO_DATA' });
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
