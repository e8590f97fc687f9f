import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { GAME_CATALOGUE_CODES } from './db/seed/game-catalogue.ts';
import { ensureSetting } from './db/settings.repo.ts';
import { requirePlayer } from './http/auth.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { createIdempotency } from './http/idempotency.ts';
import { registerLineQr } from './http/line-qr.ts';
import { serializerCompiler } from './http/response-serializer.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStaticFiles } from './http/static-files.ts';
import { createSystemAccounts } from './ledger/ledger.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { randomSecret, sha256 } from './lib/ids.ts';
import { createImageDecoder } from './lib/image-decoder/image-decoder.ts';
import { playerAccountRoutes, publicAccountRoutes } from './modules/account/account.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { depositFeature } from './modules/deposit/deposit.module.ts';
import { createDepositService } from './modules/deposit/deposit.service.ts';
import type { FeatureContext, FeatureRoutes } from './modules/feature.ts';
import { giftLinkFeature } from './modules/gift-link/gift-link.module.ts';
import { playerLookupRoutes, publicLookupRoutes } from './modules/lookup/lookup.routes.ts';
import { otpRoutes } from './modules/otp/otp.routes.ts';
import { createOtpService } from './modules/otp/otp.service.ts';
import { qrcodeFeature } from './modules/qrcode/qrcode.module.ts';
import { sandboxRoutes } from './modules/sandbox/sandbox.routes.ts';
import { sandboxGamesRoutes } from './modules/sandbox/sandbox-games.routes.ts';
import { registerServiceStateGate } from './modules/service-state/service-state.ts';
import { slipFeature } from './modules/slip/slip.module.ts';
import { statementRoutes } from './modules/statement/statement.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { createWalletService } from './modules/wallet/wallet.service.ts';
import { withdrawFeature } from './modules/withdraw/withdraw.module.ts';
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
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({ statusCode: 429, message: 'REQUEST_LIMIT' }),
    // No client reads the counters; a refused call still says when to retry (retry-after).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });

  registerServiceStateGate(app, kysely, clock);

  const secret = config.serverSecret ?? (await ensureSetting(kysely, 'server_secret', randomSecret));
  const sandboxSms = sandboxSmsProvider(kysely, clock);
  const selectedSms = selectSmsProvider(config, sandboxSms);
  if (selectedSms.warning) app.log.warn(selectedSms.warning);
  const sms = deps.providers?.sms ?? selectedSms.provider;
  const otp = createOtpService({
    db: kysely,
    clock,
    sms,
    secret,
    laoMode: config.laoMode,
    appName: APP_NAME,
    sendsPerIpPerHour: config.otpSendsPerIpPerHour,
    sendsPerHour: config.otpSendsPerHour,
  });
  const accounts = createAccountService({
    db: kysely,
    clock,
    otp,
    laoMode: config.laoMode,
    registerOtp: config.registerOtp,
    sessionTtlHours: config.sessionTtlHours,
    rememberTtlDays: config.rememberTtlDays,
    loginMaxFailures: config.loginMaxFailures,
    loginFailureWindowSeconds: config.loginFailureWindowSeconds,
    loginAccountMaxFailures: config.loginAccountMaxFailures,
    loginIpMaxFailures: config.loginIpMaxFailures,
    sms,
    appName: APP_NAME,
    // Called only while serving requests, by when `realtime` below exists.
    onSessionsEnded: (userId, which) => realtime.sessionsEnded(userId, which),
  });
  const lookupOptions = {
    db: kysely,
    clock,
    laoMode: config.laoMode,
    registerOtp: config.registerOtp,
    enableChatWidget: config.enableChatWidget,
  };

  const realtime = attachRealtime(app, { db: kysely, clock, redisUrl: config.redisUrl });
  // The sandbox game service signs its own launch links with a key of its own.
  const sandboxGames = config.sandboxProviders
    ? createSandboxGameProviders({
        db: kysely,
        clock,
        secret: sha256(`sandbox-games:${secret}`),
        codes: GAME_CATALOGUE_CODES,
      })
    : undefined;
  const games = deps.providers?.games ?? sandboxGames ?? NO_GAMES;
  const systemAccount = createSystemAccounts(kysely);
  const onWalletChanged = (userId: string, walletMinor: number) => realtime.walletChanged(userId, walletMinor);
  const deposits = createDepositService({
    db: kysely,
    clock,
    systemAccount,
    onWalletChanged,
    depositUnitsPerCoin: { THB: config.depositBahtPerCoin, LAK: config.depositKipPerCoin },
  });
  const wallet = createWalletService({
    db: kysely,
    dialect: db.dialect,
    clock,
    games,
    accounts,
    systemAccount,
    providerTimeoutMs: config.gameProviderTimeoutMs,
    onWalletChanged,
  });
  const idempotency = createIdempotency(kysely, clock);
  // One pool of decoding threads for every untrusted image the app reads (slips, later chat media).
  const images = createImageDecoder();
  const featureContext: FeatureContext = {
    config,
    db: kysely,
    dialect: db.dialect,
    clock,
    secret,
    systemAccount,
    deposits,
    idempotency,
    images,
    onWalletChanged,
  };
  // Money in and out: each feature owns its folder and says which audience each route is for.
  const features: FeatureRoutes[] = [];
  for (const feature of [depositFeature, qrcodeFeature, giftLinkFeature, slipFeature, withdrawFeature]) {
    features.push(await feature(featureContext));
  }
  app.addHook('onClose', async () => {
    for (const feature of features) await feature.close?.();
    await images.close();
  });

  await app.register(publicAccountRoutes, { accounts });
  await app.register(otpRoutes, { otp });
  await app.register(publicLookupRoutes, lookupOptions);
  for (const feature of features) if (feature.public) await app.register(feature.public);
  await app.register(async (player) => {
    requirePlayer(player, kysely, clock);
    await player.register(playerAccountRoutes, { accounts });
    await player.register(playerLookupRoutes, lookupOptions);
    await player.register(walletRoutes, { wallet, idempotency });
    await player.register(statementRoutes, { db: kysely });
    for (const feature of features) if (feature.player) await player.register(feature.player);
  });
  if (config.sandboxProviders) {
    await app.register(sandboxRoutes, { sms: sandboxSms });
    for (const feature of features) if (feature.sandbox) await app.register(feature.sandbox);
    if (sandboxGames) await app.register(sandboxGamesRoutes, { games: sandboxGames, rtp: config.sandboxGameRtp });
  }

  registerLineQr(app, kysely);
  await registerStaticFiles(app, config.webDistDir, config.assetsDir);
  return app;
}
