import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { GAME_CATALOGUE_CODES } from './db/seed/game-catalogue.ts';
import { ensureSetting } from './db/settings.repo.ts';
import { createDomainEvents, type DomainEvents } from './events/domain-events.ts';
import { requirePlayer } from './http/auth.ts';
import { registerBannerImages } from './http/banner-images.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerHealth } from './http/health.ts';
import { createIdempotency } from './http/idempotency.ts';
import { registerLineQr } from './http/line-qr.ts';
import { countedGameProviders, registerMetrics, smsObserver } from './http/metrics.ts';
import { API_VERSION, registerOpenApi } from './http/openapi.ts';
import { requireOperator } from './http/operator-auth.ts';
import { serializerCompiler } from './http/response-serializer.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStaticFiles } from './http/static-files.ts';
import { createSystemAccounts } from './ledger/ledger.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { rateLimitRedis } from './lib/fail-open-redis.ts';
import { randomSecret, sha256 } from './lib/ids.ts';
import { createImageDecoder } from './lib/image-decoder/image-decoder.ts';
import { accountFeature } from './modules/account/account.module.ts';
import { backofficeFeature } from './modules/backoffice/backoffice.module.ts';
import { chatFeature } from './modules/chat/chat.module.ts';
import { dashboardFeature } from './modules/dashboard/dashboard.module.ts';
import { depositFeature } from './modules/deposit/deposit.module.ts';
import { AUDIENCE_DOCS, type FeatureContext, type FeatureRoutes, registerFeatures } from './modules/feature.ts';
import { giftLinkFeature } from './modules/gift-link/gift-link.module.ts';
import { lookupFeature } from './modules/lookup/lookup.module.ts';
import { moneyDeskFeature } from './modules/money-desk/money-desk.module.ts';
import { otpFeature } from './modules/otp/otp.module.ts';
import { promotionsFeature } from './modules/promotions/promotions.module.ts';
import { createPlayerProtection, protectionFeature } from './modules/protection/protection.module.ts';
import { qrcodeFeature } from './modules/qrcode/qrcode.module.ts';
import { sandboxFeature } from './modules/sandbox/sandbox.module.ts';
import { registerServiceStateGate } from './modules/service-state/service-state.ts';
import { slipFeature } from './modules/slip/slip.module.ts';
import { spinwheelFeature } from './modules/spinwheel/spinwheel.module.ts';
import { statementFeature } from './modules/statement/statement.module.ts';
import { walletFeature } from './modules/wallet/wallet.module.ts';
import { withdrawFeature } from './modules/withdraw/withdraw.module.ts';
import { createDepositService } from './money/deposit-crediting.ts';
import { earnWheelCoinsOnDeposits } from './money/wheel-coins.ts';
import type { GameProviders } from './providers/games/game-provider.ts';
import { createSandboxGameProviders } from './providers/games/sandbox-games.ts';
import { sandboxSmsProvider } from './providers/sms/sandbox-sms.ts';
import { selectSmsProvider } from './providers/sms/select-sms-provider.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import { attachRealtime } from './realtime/realtime.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  providers?: { sms?: SmsProvider; games?: GameProviders };
  /** Tests pass false to keep output quiet; main passes a pino options object. */
  logger?: boolean | object;
  /** The domain-event hub; tests pass one with handlers of their own. The app adds its handlers to it. */
  events?: DomainEvents;
}

const APP_NAME = 'Lucky Wallet';
const NO_GAMES: GameProviders = { get: () => undefined };
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes "the nearest n hops": Fastify's own number
 * option trusts no hop for the client's address, and a count is for a peer that is always the proxy.
 */
function trustedProxies(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Builds the whole HTTP app; main.ts listens on it and tests call inject() on it. */
/** What the per-client rate limit counts: the API and the sandbox's stand-in providers. */
const LIMITED_PATH = /^\/(api|sandbox)\//;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const kysely = db.kysely;

  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Checks every answer against its schema as fastify-type-provider-zod's does, faster (http/response-serializer.ts).
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('player', null);
  // A callback hook, not an async one: it runs on every response and needs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // API answers are per player and per moment; a 410 "gone" is even heuristically cacheable, and a
    // cached one would keep showing the terminated page after the operator reopens the service.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  registerErrorHandler(app);

  // External plugins first (CONVENTIONS: fastify/demo), then the service gate, then our modules.
  // helmet's headers, computed once (http/security-headers.ts): the same set on every response.
  await registerSecurityHeaders(app);
  await app.register(compress, { threshold: 1024 });
  // With REDIS_URL every instance counts a client together; without Redis for a moment, not at all (fail open).
  const rateLimitStore = config.redisUrl ? rateLimitRedis(config.redisUrl, app.log) : undefined;
  if (rateLimitStore) app.addHook('onClose', async () => rateLimitStore.disconnect());
  await app.register(rateLimit, {
    ...(rateLimitStore ? { redis: rateLimitStore, nameSpace: 'wallet:rate-limit:', skipOnError: true } : {}),
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Only calls are counted. The app's files (a page load is dozens, and its service worker precaches
    // every chunk) are static and cheap, and players behind one carrier address would share one count.
    allowList: (request) => !LIMITED_PATH.test(request.url),
    errorResponseBuilder: () => ({ statusCode: 429, message: 'REQUEST_LIMIT' }),
    // No client reads the counters; a refused call still says when to retry (retry-after).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });

  // Before any route: the API document collects routes as they are added.
  await registerOpenApi(app, { title: APP_NAME, version: API_VERSION, groups: AUDIENCE_DOCS });
  registerServiceStateGate(app, kysely, clock);
  registerHealth(app, { db: kysely, redisUrl: config.redisUrl });

  const secret = config.serverSecret ?? (await ensureSetting(kysely, 'server_secret', randomSecret));
  const sandboxSms = sandboxSmsProvider(kysely, clock);
  // The sandbox game service signs its own launch links with a key of its own.
  const sandboxGames = config.sandboxProviders
    ? createSandboxGameProviders({
        db: kysely,
        clock,
        secret: sha256(`sandbox-games:${secret}`),
        codes: GAME_CATALOGUE_CODES,
      })
    : undefined;
  const realtime = attachRealtime(app, { db: kysely, clock, redisUrl: config.redisUrl });
  const metrics = config.metricsToken
    ? registerMetrics(app, config.metricsToken, {
        connectedSockets: () => realtime.connectedSockets(),
        // Read at scrape time, long after the money desk below exists.
        openQueues: () => moneyDesk.openQueues(),
      })
    : undefined;
  // Each gateway reports its attempts, fall-backs and circuit to /metrics and the log.
  const selectedSms = selectSmsProvider(config, sandboxSms, smsObserver(metrics, app.log));
  if (selectedSms.warning) app.log.warn(selectedSms.warning);
  const systemAccount = createSystemAccounts(kysely);
  // Features publish and subscribe here instead of importing each other (events/domain-events.ts).
  const events =
    deps.events ??
    createDomainEvents((error, event) => app.log.error({ err: error, event }, 'domain event handler failed'));
  events.afterCommit('wallet.changed', ({ userId, walletMinor, deposit }) =>
    realtime.walletChanged(userId, walletMinor, deposit),
  );
  await earnWheelCoinsOnDeposits(events, {
    systemAccount,
    depositUnitsPerCoin: { THB: config.depositBahtPerCoin, LAK: config.depositKipPerCoin },
  });
  // One pool of decoding threads for every untrusted image the app reads (slips, later chat media).
  const images = createImageDecoder();
  // Player protection's guard exists before every feature that asks it (FeatureContext.restrictions).
  const protection = createPlayerProtection({ db: kysely, dialect: db.dialect, clock });
  // A provider a test hands in is counted as a whole; the configured gateways count themselves.
  const sms = deps.providers?.sms
    ? metrics
      ? metrics.countCalls('sms:injected', deps.providers.sms)
      : deps.providers.sms
    : selectedSms.provider;
  const games = deps.providers?.games ?? sandboxGames ?? NO_GAMES;
  const ctx: FeatureContext = {
    config,
    db: kysely,
    dialect: db.dialect,
    clock,
    secret,
    systemAccount,
    deposits: createDepositService({ db: kysely, clock, systemAccount, events }),
    idempotency: createIdempotency(kysely, clock),
    images,
    events,
    restrictions: protection.restrictions,
    providers: metrics ? { sms, games: countedGameProviders(metrics, games) } : { sms, games },
    ...(metrics ? { countProviderCalls: metrics.countCalls } : {}),
    appName: APP_NAME,
  };

  // Every feature, in its folder, says which audience each of its routes is for. What one feature
  // needs of another is handed over here, so features never import each other.
  const otp = await otpFeature(ctx);
  const account = await accountFeature(ctx, {
    verifications: otp.verifications,
    onSessionsEnded: (userId, which) => realtime.sessionsEnded(userId, which),
  });
  const backoffice = backofficeFeature(ctx, {
    onSessionsEnded: (userId) => realtime.sessionsEnded(userId),
    onOperatorSessionsEnded: (operatorId, which) => realtime.operatorSessionsEnded(operatorId, which),
    onOperatorRoleChanged: (operatorId) => realtime.operatorRoleChanged(operatorId),
  });
  realtime.acceptOperators(backoffice.socketOperator);
  const deposit = await depositFeature(ctx);
  const slip = await slipFeature(ctx);
  const withdraw = await withdrawFeature(ctx);
  const promotions = await promotionsFeature(ctx, { recordAudit: backoffice.recordAudit });
  const moneyDesk = moneyDeskFeature(ctx, {
    ports: {
      creditTransfer: deposit.feed.creditUnmatched,
      returnTransfer: deposit.feed.returnToSender,
      confirmManualDeposit: deposit.manual.confirm,
      rejectManualDeposit: deposit.manual.reject,
      approveSlip: slip.slips.creditHeld,
      rejectSlip: slip.slips.rejectHeld,
      slipImageUrl: slip.slips.operatorImageUrl,
      slipVerifierAnswer: slip.slips.verifierAnswer,
      slipCandidates: slip.slips.heldSlipCandidates,
      approveWithdrawal: withdraw.withdrawals.approve,
      rejectWithdrawal: withdraw.withdrawals.reject,
      markPayout: withdraw.withdrawals.markPayout,
      recordAudit: backoffice.recordAudit,
    },
    live: { listening: () => realtime.moneyDeskListening(), publish: (counts) => realtime.moneyQueues(counts) },
  });
  const features: FeatureRoutes[] = [
    await lookupFeature(ctx),
    otp,
    account,
    await walletFeature(ctx, { profiles: account.profiles, invites: promotions.invites }),
    await statementFeature(ctx),
    deposit,
    await qrcodeFeature(ctx),
    await giftLinkFeature(ctx),
    slip,
    withdraw,
    promotions,
    await spinwheelFeature(ctx, {
      recordAudit: backoffice.recordAudit,
      bonusTypeExists: promotions.bonusTypes.exists,
    }),
    protectionFeature(protection.protection, { recordAudit: backoffice.recordAudit }),
    await sandboxFeature(ctx, { outbox: sandboxSms, games: sandboxGames }),
    backoffice,
    dashboardFeature(ctx),
    moneyDesk,
    chatFeature(ctx, { realtime: realtime.chat, recordAudit: backoffice.recordAudit, log: app.log }),
  ];
  app.addHook('onClose', async () => {
    for (const feature of features) await feature.close?.();
    await images.close();
  });
  await registerFeatures(app, features, {
    public: { pathPrefix: '/api/' },
    // The terminated-service gate keeps /api/webhooks/ open: money that arrived must reach the books.
    webhook: { pathPrefix: '/api/webhooks/' },
    player: { pathPrefix: '/api/', guard: (scope) => requirePlayer(scope, kysely, clock) },
    sandbox: config.sandboxProviders ? { pathPrefix: '/sandbox/' } : undefined,
    // The terminated-service gate keeps /api/backoffice/ open too: the operator switches it back on.
    operator: { pathPrefix: '/api/backoffice/', guard: (scope) => requireOperator(scope, backoffice) },
  });

  registerLineQr(app, kysely);
  registerBannerImages(app, config.uploadsDir);
  await registerStaticFiles(app, config.webDistDir, config.assetsDir, config.backofficeDistDir);
  return app;
}
