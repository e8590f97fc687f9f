import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { PlayerRestrictions } from '../events/player-restrictions.ts';
import type { Idempotency } from '../http/idempotency.ts';
import type { RouteGroup } from '../http/openapi.ts';
import type { SystemAccounts } from '../ledger/ledger.ts';
import type { Clock } from '../lib/clock.ts';
import type { ImageDecoder } from '../lib/image-decoder/image-decoder.ts';
import type { DepositService } from '../money/deposit-crediting.ts';
import type { GameProviders } from '../providers/games/game-provider.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';

/** What app.ts hands every feature: shared services, built once per app. */
export interface FeatureContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Db['dialect'];
  clock: Clock;
  /** Per-install secret; derive feature keys from it (sha256(`<feature>:${secret}`)), never reuse it raw. */
  secret: string;
  systemAccount: SystemAccounts;
  deposits: DepositService;
  idempotency: Idempotency;
  /** Decodes untrusted images off the event loop; shared, so its few threads bound all image work. */
  images: ImageDecoder;
  /** What features tell each other (deposit.booked, withdraw.requested, wallet.changed, game.refreshed). */
  events: DomainEvents;
  /**
   * Player protection's guard (issue 20, events/player-restrictions.ts): every feature asks it before a
   * deposit, game transfer or launch, bonus, promotion code or spin of a timed-out or excluded player.
   */
  restrictions: PlayerRestrictions;
  /** The configured outside systems (sandbox ones unless configured otherwise). */
  providers: { sms: SmsProvider; games: GameProviders };
  /** With /metrics on: wraps a provider a feature builds itself so its calls and failures are counted. */
  countProviderCalls?: <P extends object>(provider: string, target: P) => P;
  /** The operator's name in texts the server sends (SMS). */
  appName: string;
}

/**
 * Who a route is for. Each audience is one scope in app.ts, its check applied once to all its routes:
 * - public: anyone, no login (log in, register, lookups, signed slip-image links);
 * - webhook: providers' signed callbacks, no login; they stay open while the service is terminated;
 * - player: inside the bearer-token check;
 * - sandbox: only while sandbox providers are on;
 * - operator: the back office under /api/backoffice/, inside the operator check (a live operator
 *   session whose role holds the route's permission, http/operator-auth.ts).
 * A new audience is one entry here and one scope in app.ts.
 */
export const AUDIENCES = ['public', 'webhook', 'player', 'sandbox', 'operator'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** How the API document (/api/openapi.json) presents each audience, and the sign-in its routes need. */
export const AUDIENCE_DOCS: Record<Audience, RouteGroup> = {
  public: { description: 'Public: no sign-in (log in, register, lookups)' },
  player: { description: 'Player: Authorization: Bearer <player token>', security: 'playerToken' },
  webhook: { description: 'Webhooks: signed callbacks from banks and payment gateways' },
  operator: {
    description: 'Back office: Authorization: Bearer <operator token>, a permission per route',
    security: 'operatorToken',
  },
  sandbox: { description: 'Sandbox (development only): stands in for banks, gateways and games; absent in production' },
};

/** Where the back office's API lives; only the operator audience may serve a route there. */
const BACK_OFFICE_API = '/api/backoffice/';

/** A feature's routes by audience; close stops its timers when the app closes. */
export type FeatureRoutes = { [A in Audience]?: FastifyPluginAsync } & { close?(): Promise<void> | void };

/** How app.ts opens one audience's scope. */
export interface AudienceScope {
  /**
   * Where the audience's routes live. Path-based rules (the terminated-service gate leaves
   * /api/webhooks/ open) then hold for the audience, so a route elsewhere stops the app at start.
   */
  pathPrefix: string;
  /** The audience's check (a login, a role), applied once to every route of the scope. */
  guard?(scope: FastifyInstance): void;
}

/**
 * Registers every feature's routes, one scope per audience. An audience without a scope (sandbox
 * with sandbox providers off) has no routes at all.
 */
export async function registerFeatures(
  app: FastifyInstance,
  features: readonly FeatureRoutes[],
  scopes: Record<Audience, AudienceScope | undefined>,
): Promise<void> {
  for (const audience of AUDIENCES) {
    const scope = scopes[audience];
    if (!scope) continue;
    await app.register(async (instance) => {
      instance.addHook('onRoute', (route) => {
        if (!route.url.startsWith(scope.pathPrefix)) {
          throw new Error(`${audience} route ${route.url} is outside ${scope.pathPrefix}`);
        }
        // The player's /api/ prefix covers the back office's paths too: a route there outside the
        // operator audience would skip the operator check and its permission table.
        if (audience !== 'operator' && route.url.startsWith(BACK_OFFICE_API)) {
          throw new Error(
            `${audience} route ${route.url} is under ${BACK_OFFICE_API}, which only the operator audience serves`,
          );
        }
        // The API document (http/openapi.ts) groups routes, and picks their sign-in, by this tag.
        route.schema = { ...route.schema, tags: [audience] };
      });
      scope.guard?.(instance);
      for (const feature of features) {
        const routes = feature[audience];
        if (routes) await instance.register(routes);
      }
    });
  }
}
