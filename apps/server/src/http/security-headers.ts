import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_DOCS_PATH } from './openapi.ts';

/** Our security headers (DESIGN §7): a strict CSP, no framing by others, no MIME sniffing. */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Server HTML (conditions, banners) may carry style attributes; scripts stay locked down.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Sent per request instead (STRICT_TRANSPORT_SECURITY): only an answer that came over HTTPS may carry
  // it, and development serves plain http on localhost.
  strictTransportSecurity: false,
};

/**
 * One year, subdomains too: once a browser has reached the wallet over HTTPS it never again sends a
 * player's password or token over plain http, not even on a typed http:// link.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The headers @fastify/helmet sets with these options, asked of helmet itself once. Our options are
 * static (no nonces, nothing per request), so every response gets the same set; @fastify/helmet would
 * rebuild helmet's middleware and re-parse the CSP directives on every request, a large share of a
 * short API call.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<ReadonlyArray<[string, string]>> {
  let headers = asked.get(options);
  if (!headers) {
    headers = askHelmet(options);
    asked.set(options, headers);
  }
  return headers;
}

/** Every app built in one process (tests build many) asks helmet once per options object. */
const asked = new WeakMap<FastifyHelmetOptions, Promise<ReadonlyArray<[string, string]>>>();

async function askHelmet(options: FastifyHelmetOptions): Promise<ReadonlyArray<[string, string]>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  let headers: ReadonlyArray<[string, string]> = [];
  // Runs right after helmet's own onRequest hooks, before anything else touches the response.
  probe.addHook('onRequest', (_request, reply, done) => {
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]);
    done();
  });
  probe.get('/', async () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (headers.length === 0) throw new Error('helmet set no headers');
  return headers;
}

/**
 * What an API answer needs (the OWASP REST security headers): JSON is never a page to render, frame or
 * sniff, so nothing may load from it and nobody may frame it. The rest of helmet's set (script and style
 * sources, cross-origin isolation, the legacy download and XSS switches) is about documents, and each
 * header is work on every call of the hottest routes.
 */
export const API_HEADERS: ReadonlyArray<[string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
];

/** The API reference (/api/docs) is a page, with its scripts and styles; everything else under /api/ is data. */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !(url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`));
}

/**
 * Sends API_HEADERS on /api/ answers and helmet's headers on everything else (the app's documents and
 * assets, the sandbox pages), set where helmet sets them (onRequest); HSTS on whatever came over HTTPS,
 * which behind a TLS proxy is its X-Forwarded-Proto, believed only from a trusted proxy (TRUST_PROXY).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options = HELMET_OPTIONS): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isApiAnswer(request.url) ? API_HEADERS : headers) {
      reply.raw.setHeader(name, value);
    }
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
}
