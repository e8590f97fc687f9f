import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, HEAD included: what the API document must cover (openapi.test.ts). */
    registeredRoutes: readonly RouteOptions[];
  }
}

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';
/** The version of the API SPEC describes; raise it when a route changes incompatibly. */
export const API_VERSION = '1.0.0';

/** A group of routes in the document (an audience), and the sign-in scheme its routes need, if any. */
export interface RouteGroup {
  description: string;
  security?: 'playerToken' | 'operatorToken';
}

/**
 * Routes that are not part of the API: the two apps' files and the documents themselves. Every other
 * route (the probes, /metrics, media links) is documented; the contract test checks that.
 */
export function isUndocumentedRoute(url: string): boolean {
  return (
    url === '/' ||
    url === '/*' ||
    url.startsWith('/assets/') ||
    url === '/media/*' ||
    url.startsWith('/backoffice') ||
    url === OPENAPI_PATH ||
    url.startsWith(API_DOCS_PATH)
  );
}

/**
 * An OpenAPI 3.1 document of every route, generated from the routes' own zod schemas (the contract's),
 * at /api/openapi.json, with a reference UI at /api/docs. Registered before any route: @fastify/swagger
 * collects routes as they are added. Each feature route carries its audience as its tag
 * (modules/feature.ts); its group names the route's sign-in.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  info: { title: string; version: string; groups: Record<string, RouteGroup> },
) {
  const groupOf = (tags: readonly string[] | undefined) => {
    const tag = tags?.[0];
    return tag !== undefined && Object.hasOwn(info.groups, tag) ? tag : undefined;
  };
  const zodTransform = createJsonSchemaTransform({});
  const registered: RouteOptions[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    registered.push(route);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${info.title} API`,
        version: info.version,
        description:
          'Every route the server answers. Errors answer `{ "message": "<CODE>" }` with the status of the code ' +
          '(SPEC §8). Money is in minor units (satang, kip) unless a field says otherwise.',
      },
      tags: [
        ...Object.entries(info.groups).map(([name, { description }]) => ({ name, description })),
        { name: 'infrastructure', description: 'Probes, metrics and media links, outside the apps' },
      ],
      components: {
        securitySchemes: {
          playerToken: { type: 'http', scheme: 'bearer', description: 'From POST /api/login' },
          operatorToken: { type: 'http', scheme: 'bearer', description: 'From POST /api/backoffice/login' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
        },
      },
    },
    hideUntagged: false,
    transform(document) {
      const { schema, url } = document;
      if (isUndocumentedRoute(url)) return { schema: { ...schema, hide: true }, url };
      const transformed = zodTransform(document);
      const group = groupOf(schema?.tags);
      const security = group ? info.groups[group]?.security : undefined;
      const tagged = {
        ...transformed.schema,
        tags: [group ?? 'infrastructure'],
        ...(security ? { security: [{ [security]: [] }] } : {}),
        ...(url === '/metrics' ? { security: [{ metricsToken: [] }] } : {}),
      };
      return { ...transformed, schema: tagged };
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { deepLinking: true, docExpansion: 'list' },
  });
}
