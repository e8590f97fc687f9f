import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type AudienceScope, type FeatureRoutes, registerFeatures } from './feature.ts';

const SCOPES = {
  public: { pathPrefix: '/api/' },
  webhook: { pathPrefix: '/api/webhooks/' },
  player: {
    pathPrefix: '/api/',
    guard: (scope: FastifyInstance) =>
      scope.addHook('onRequest', async (request, reply) => {
        if (request.headers.authorization !== 'Bearer player') await reply.code(401).send({ message: 'invalid-token' });
      }),
  },
  sandbox: { pathPrefix: '/sandbox/' },
  operator: { pathPrefix: '/api/backoffice/' },
} satisfies Record<string, AudienceScope>;

/** One route per audience, answering which audience it belongs to. */
const everyAudience: FeatureRoutes = {
  public: async (app) => {
    app.get('/api/open', async () => ({ audience: 'public' }));
  },
  webhook: async (app) => {
    app.post('/api/webhooks/bank', async () => ({ audience: 'webhook' }));
  },
  player: async (app) => {
    app.get('/api/mine', async () => ({ audience: 'player' }));
  },
  sandbox: async (app) => {
    app.get('/sandbox/door', async () => ({ audience: 'sandbox' }));
  },
};

describe('registerFeatures', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("applies an audience's guard to its routes only, once for every feature", async () => {
    app = Fastify();
    const other: FeatureRoutes = {
      player: async (scope) => {
        scope.get('/api/other', async () => ({ audience: 'player' }));
      },
    };
    await registerFeatures(app, [everyAudience, other], SCOPES);
    expect((await app.inject({ method: 'GET', url: '/api/open' })).json()).toEqual({ audience: 'public' });
    expect((await app.inject({ method: 'POST', url: '/api/webhooks/bank' })).json()).toEqual({ audience: 'webhook' });
    for (const url of ['/api/mine', '/api/other']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const allowed = await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer player' } });
      expect(allowed.json()).toEqual({ audience: 'player' });
    }
  });

  it('registers nothing of an audience that has no scope (sandbox with sandbox providers off)', async () => {
    app = Fastify();
    await registerFeatures(app, [everyAudience], { ...SCOPES, sandbox: undefined });
    expect((await app.inject({ method: 'GET', url: '/sandbox/door' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/open' })).statusCode).toBe(200);
  });

  it("stops the app at start when a route sits outside its audience's paths", async () => {
    app = Fastify();
    // Outside /api/webhooks/ the terminated-service gate would close a webhook that must stay open.
    const stray: FeatureRoutes = {
      webhook: async (scope) => {
        scope.post('/api/bank-callback', async () => ({}));
      },
    };
    await expect(registerFeatures(app, [stray], SCOPES)).rejects.toThrow(
      'webhook route /api/bank-callback is outside /api/webhooks/',
    );
  });

  it.each(['public', 'webhook', 'player', 'sandbox'] as const)(
    'stops the app at start when a %s route sits under /api/backoffice/, which only the operator audience serves',
    async (audience) => {
      app = Fastify();
      // Every audience may serve under its prefix; these give the back office's paths to all of them.
      const wide = Object.fromEntries(
        Object.entries(SCOPES).map(([name, scope]) => [name, { ...scope, pathPrefix: '/' }]),
      ) as unknown as typeof SCOPES;
      const intruder: FeatureRoutes = {
        [audience]: async (scope: FastifyInstance) => {
          scope.get('/api/backoffice/staff', async () => ({ staff: [] }));
        },
      };
      await expect(registerFeatures(app, [intruder], wide)).rejects.toThrow(
        `${audience} route /api/backoffice/staff is under /api/backoffice/, which only the operator audience serves`,
      );
    },
  );

  it('lets the operator audience serve under /api/backoffice/', async () => {
    app = Fastify();
    const backOffice: FeatureRoutes = {
      operator: async (scope) => {
        scope.get('/api/backoffice/staff', async () => ({ audience: 'operator' }));
      },
    };
    await registerFeatures(app, [backOffice], SCOPES);
    expect((await app.inject({ method: 'GET', url: '/api/backoffice/staff' })).json()).toEqual({
      audience: 'operator',
    });
  });
});
