import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { isUndocumentedRoute } from './openapi.ts';

interface JsonSchema {
  type?: string;
  properties?: Record<string, unknown>;
  required?: string[];
}
interface Operation {
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Routes that answer something other than JSON (files, images, CSV, a game page), so document no JSON schema. */
const NOT_JSON = new Set([
  'GET /api/slips/image/:id',
  // A chat image or video behind its signed path (issue 17).
  'GET /api/chat/files/:id',
  'GET /media/line-qr.svg',
  'GET /media/banners/:file',
  'GET /sandbox/games/assets/:file',
  'GET /sandbox/games/:code/play',
  'GET /metrics',
  // The slip image the sandbox bank app draws (PNG).
  'POST /sandbox/slips',
]);

/** The field names (and which are required) a zod object declares, as the client must send or read them. */
function fieldsOf(schema: ZodType, io: 'input' | 'output'): { names: string[]; required: string[] } | undefined {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  if (json.type !== 'object' || !json.properties) return undefined;
  return { names: Object.keys(json.properties).sort(), required: [...(json.required ?? [])].sort() };
}

function documentedFields(schema: JsonSchema | undefined) {
  return schema?.properties
    ? { names: Object.keys(schema.properties).sort(), required: [...(schema.required ?? [])].sort() }
    : undefined;
}

const isZod = (schema: unknown): schema is ZodType => schema instanceof z.ZodType;
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the API document at /api/openapi.json', () => {
  let ctx: TestContext;
  let document: Document;
  let routes: RouteOptions[];
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { METRICS_TOKEN: 'metrics-token-for-the-openapi-test-0001' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
    routes = ctx.app.registeredRoutes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD' && !isUndocumentedRoute(route.url))
        .map((method) => ({ ...route, method })),
    );
  });
  afterAll(async () => ctx?.close());

  const operationOf = (route: RouteOptions) =>
    document.paths[openApiPath(route.url)]?.[String(route.method).toLowerCase()];

  it('is OpenAPI 3.1 and lists every registered route with its method', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes.filter((route) => !operationOf(route)).map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('groups routes by audience and names the sign-in each needs', () => {
    const login = document.paths['/api/login']?.post;
    expect(login?.tags).toEqual(['public']);
    expect(login?.security).toBeUndefined();
    expect(document.paths['/api/wallet']?.get?.tags).toEqual(['player']);
    expect(document.paths['/api/wallet']?.get?.security).toEqual([{ playerToken: [] }]);
    expect(document.paths['/api/backoffice/audit']?.get?.security).toEqual([{ operatorToken: [] }]);
    expect(document.paths['/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
    const sandbox = Object.entries(document.paths).filter(([path]) => path.startsWith('/sandbox/'));
    expect(sandbox.length).toBeGreaterThan(0);
    for (const [, operations] of sandbox) {
      for (const operation of Object.values(operations)) expect(operation.tags).toEqual(['sandbox']);
    }
  });

  it('documents a JSON answer for every route that answers JSON', () => {
    const undocumented = routes
      // The back office's CSV exports (<list>.csv) answer text/csv.
      .filter((route) => !NOT_JSON.has(`${route.method} ${route.url}`) && !route.url.endsWith('.csv'))
      .filter((route) => {
        const responses = operationOf(route)?.responses ?? {};
        return !Object.entries(responses).some(
          ([status, response]) => status.startsWith('2') && response.content?.['application/json']?.schema,
        );
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented).toEqual([]);
  });

  it("names exactly the contract's fields for every body, query and answer", () => {
    const disagreements: string[] = [];
    let compared = 0;
    for (const route of routes) {
      const operation = operationOf(route);
      const schema = route.schema ?? {};
      const label = `${route.method} ${route.url}`;
      if (isZod(schema.body)) {
        compared++;
        const expected = fieldsOf(schema.body, 'input');
        const actual = documentedFields(operation?.requestBody?.content['application/json']?.schema);
        if (expected && JSON.stringify(expected) !== JSON.stringify(actual)) disagreements.push(`${label} body`);
      }
      if (isZod(schema.querystring)) {
        const expected = fieldsOf(schema.querystring, 'input');
        const parameters = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query');
        const actual = {
          names: parameters.map((parameter) => parameter.name).sort(),
          required: parameters
            .filter((parameter) => parameter.required)
            .map((parameter) => parameter.name)
            .sort(),
        };
        if (expected && JSON.stringify(expected) !== JSON.stringify(actual)) disagreements.push(`${label} query`);
      }
      const responses = (schema.response ?? {}) as Record<string, unknown>;
      for (const [status, response] of Object.entries(responses)) {
        if (!isZod(response)) continue;
        compared++;
        const expected = fieldsOf(response, 'output');
        const actual = documentedFields(operation?.responses[status]?.content?.['application/json']?.schema);
        if (expected && JSON.stringify(expected) !== JSON.stringify(actual)) {
          disagreements.push(`${label} answer ${status}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(150);
  });

  it('serves a reference UI at /api/docs that the page policy lets run', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The UI's scripts are its own files, allowed by the documents' policy ('self'), not the API's 'none'.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = /<script src="([^"]+)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await ctx.app.inject({ method: 'GET', url: new URL(script ?? '', 'http://x/api/docs/').pathname });
    expect(asset.statusCode).toBe(200);
    // The data routes keep the API's policy.
    const json = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
