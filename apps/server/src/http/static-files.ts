import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { playerPageFor } from './player-page.ts';

/** The operator's back office lives under this prefix, beside the player app at /. */
export const BACKOFFICE_PREFIX = '/backoffice';

interface HeaderTarget {
  setHeader(name: string, value: string): unknown;
}

/**
 * Hashed assets are cached for a year; anything else (index.html) never, so a deploy is picked up at once. A
 * file may go out as its brotli or gzip copy, so a shared cache keeps one answer per Accept-Encoding.
 */
function staticHeaders(res: HeaderTarget, path: string): void {
  res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('vary', 'accept-encoding');
}

/**
 * Serves the built player app at / and the built back office at /backoffice/, each with its own history-mode
 * fallback: a GET or HEAD under /backoffice that is not a file gets the back office's index.html, any other
 * that is not an API, media or sandbox path gets the player's, and the app shows its own Page Not Found.
 * A path of one app never falls back to the other, so the player app never loads the back office's code.
 * A file goes out as the brotli or gzip copy its build wrote beside it (precompress.ts in the web kit): smaller
 * than compressing it here at a quality fast enough for each request, and no work for the server's one thread.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  webDistDir: string,
  assetsDir: string,
  backofficeDistDir: string,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(assetsDir),
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
  });
  const hasWeb = existsSync(join(webDistDir, 'index.html'));
  const hasBackoffice = existsSync(join(backofficeDistDir, 'index.html'));
  // reply.sendFile (the fallbacks) comes from the first of the two apps registered.
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: staticHeaders,
    });
  }
  if (hasBackoffice) {
    await app.register(fastifyStatic, {
      root: backofficeDistDir,
      prefix: `${BACKOFFICE_PREFIX}/`,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      decorateReply: !hasWeb,
      setHeaders: staticHeaders,
    });
  }

  const sendIndex = (reply: FastifyReply, dir: string) =>
    reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', dir);
  const playerPage = playerPageFor(webDistDir);
  // The player's page names the files its address needs in the player's language (player-page.ts).
  const sendPlayerPage = (request: FastifyRequest, reply: FastifyReply, path: string) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(playerPage(path, request.headers.cookie));

  const pageOrNotFound = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const isBackoffice = path === BACKOFFICE_PREFIX || path.startsWith(`${BACKOFFICE_PREFIX}/`);
    // A missing hashed asset is a 404, not a page: a stale tab must not run index.html as a script.
    const isAsset = path.startsWith(`${BACKOFFICE_PREFIX}/assets/`);
    const isBackend = /^\/(api|media|sandbox|socket\.io)(\/|$)/.test(path);
    if (isPage && !isAsset && isBackoffice && hasBackoffice) return sendIndex(reply, backofficeDistDir);
    if (isPage && !isAsset && !isBackoffice && !isBackend && hasWeb) return sendPlayerPage(request, reply, path);
    return reply.status(404).send({ message: 'NO_DATA' });
  };
  app.setNotFoundHandler(pageOrNotFound);
  // The same for every GET (and HEAD) as a route: only a route's answers pass through compression, and a page
  // is the first thing a phone on a slow network waits for (the player's page carries its preloads).
  if (hasWeb || hasBackoffice) app.get('/*', { schema: { hide: true } }, pageOrNotFound);
}
