import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built player app at / with a history-mode fallback: any GET or HEAD that is not an API, media or
 * sandbox path and is not a file gets index.html, and the app shows its own Page Not Found.
 * Hashed assets are cached for a year; index.html never, so a deploy is picked up at once.
 */
export async function registerStaticFiles(app: FastifyInstance, webDistDir: string, assetsDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(assetsDir),
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
  });
  const hasWeb = existsSync(join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isBackend = /^\/(api|media|sandbox|socket\.io)(\/|$)/.test(path);
    if ((request.method === 'GET' || request.method === 'HEAD') && !isBackend && hasWeb) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDistDir);
    }
    return reply.status(404).send({ message: 'NO_DATA' });
  });
}
