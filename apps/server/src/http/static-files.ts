import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { documentPolicyFor } from './inline-script-policy.ts';

/** The operator's back office lives under this prefix, beside the player app at /. */
export const BACKOFFICE_PREFIX = '/backoffice';

interface HeaderTarget {
  getHeader(name: string): unknown;
  setHeader(name: string, value: string): unknown;
}

const CSP = 'content-security-policy';

/**
 * Hashed assets are cached for a year; index.html never, so a deploy is picked up at once. Each app's
 * index.html gets the security headers' CSP widened by the hashes of its own inline scripts (the player
 * app's route preloader). @fastify/static calls this with the served file's full path, the fallbacks too.
 */
function staticHeaders(appDirs: string[]): (res: HeaderTarget, path: string) => void {
  const policies = new Map(appDirs.map((dir) => [resolve(dir, 'index.html'), documentPolicyFor(dir)]));
  return (res, path) => {
    res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    const policyOf = policies.get(resolve(path));
    const policy = res.getHeader(CSP);
    if (policyOf && typeof policy === 'string') res.setHeader(CSP, policyOf(policy));
  };
}

/**
 * Serves the built player app at / and the built back office at /backoffice/, each with its own history-mode
 * fallback: a GET or HEAD under /backoffice that is not a file gets the back office's index.html, any other
 * that is not an API, media or sandbox path gets the player's, and the app shows its own Page Not Found.
 * A path of one app never falls back to the other, so the player app never loads the back office's code.
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
  const setHeaders = staticHeaders([webDistDir, backofficeDistDir]);
  // reply.sendFile (the fallbacks) comes from the first of the two apps registered.
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders,
    });
  }
  if (hasBackoffice) {
    await app.register(fastifyStatic, {
      root: backofficeDistDir,
      prefix: `${BACKOFFICE_PREFIX}/`,
      wildcard: false,
      index: false,
      cacheControl: false,
      decorateReply: !hasWeb,
      setHeaders,
    });
  }

  const sendIndex = (reply: FastifyReply, dir: string) =>
    reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', dir);

  const pageOrNotFound = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const isBackoffice = path === BACKOFFICE_PREFIX || path.startsWith(`${BACKOFFICE_PREFIX}/`);
    // A missing hashed asset is a 404, not a page: a stale tab must not run index.html as a script.
    const isAsset = path.startsWith(`${BACKOFFICE_PREFIX}/assets/`);
    const isBackend = /^\/(api|media|sandbox|socket\.io)(\/|$)/.test(path);
    if (isPage && !isAsset && isBackoffice && hasBackoffice) return sendIndex(reply, backofficeDistDir);
    if (isPage && !isAsset && !isBackoffice && !isBackend && hasWeb) return sendIndex(reply, webDistDir);
    return reply.status(404).send({ message: 'NO_DATA' });
  };
  app.setNotFoundHandler(pageOrNotFound);
  // The same for every GET (and HEAD) as a route: only a route's answers pass through compression, and a page
  // is the first thing a phone on a slow network waits for (the player's index.html carries its preloader).
  if (hasWeb || hasBackoffice) app.get('/*', { schema: { hide: true } }, pageOrNotFound);
}
