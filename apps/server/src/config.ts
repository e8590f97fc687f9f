import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QR_BANK_CODES, type QrBankCode } from '@wallet/contract/constants';
import { z } from 'zod';

/**
 * This file sits one folder below apps/server both as source (src/config.ts) and once bundled
 * (dist/main.js), so paths derived here are the same in dev, tests and production.
 */
export const SERVER_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = resolve(SERVER_ROOT, '..', '..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** The environment variable of each QR gateway's own webhook secret. */
const qrSecretVariable = (bankCode: QrBankCode) => `QR_WEBHOOK_SECRET_${bankCode}` as const;

/**
 * What a production start refuses to run without. Outside production each is generated once and kept
 * in the database; in production that would put them in every database dump and backup, and the
 * server secret derives the OTP, slip-link and sandbox-game keys, the webhook secrets let their holder
 * credit wallets.
 */
export const PRODUCTION_SECRET_VARIABLES = [
  'SERVER_SECRET',
  'BANK_WEBHOOK_SECRET',
  ...QR_BANK_CODES.map(qrSecretVariable),
] as const;
const PRODUCTION_SECRET_MIN_LENGTH = 32;
/** Values copied from an example or typed by hand to get going, not generated. */
const PLACEHOLDER_SECRET = /change.?me|example|default|placeholder|secret.?here|^(.)\1*$/i;

const secretFromEnv = z.string().min(16).optional();
const qrSecretsShape = Object.fromEntries(QR_BANK_CODES.map((code) => [qrSecretVariable(code), secretFromEnv])) as {
  [Code in QrBankCode as `QR_WEBHOOK_SECRET_${Code}`]: typeof secretFromEnv;
};

/**
 * TRUST_PROXY: whom to believe about the client's address (X-Forwarded-For) and scheme
 * (X-Forwarded-Proto). Never "everybody": a client could then pick its own address and walk past the
 * login lock and the rate limit. Either the proxies' addresses and networks (proxy-addr also knows
 * `loopback`, `linklocal`, `uniquelocal`), or the number of proxy hops in front of the server.
 */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, the proxies\' addresses or networks (10.0.0.1,10.1.0.0/16) or a hop count from 1 to 10; "true" would trust every client\'s own X-Forwarded-For',
    });
    return z.NEVER;
  });

const httpUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'must be an http:// or https:// URL');

/** SMS gateways one can choose (docs/providers.md): the sandbox outbox, the generic HTTP one, two Thai vendors. */
export const SMS_GATEWAYS = ['sandbox', 'http', 'thaibulksms', 'movider'] as const;
/** What each chosen gateway cannot start without. */
const SMS_GATEWAY_NEEDS = {
  sandbox: [],
  http: ['SMS_GATEWAY_URL', 'SMS_GATEWAY_TOKEN'],
  thaibulksms: ['THAIBULKSMS_API_KEY', 'THAIBULKSMS_API_SECRET'],
  movider: ['MOVIDER_API_KEY', 'MOVIDER_API_SECRET'],
} as const;
/** The vendors' documented API base URLs; a test points them at a local fake. */
const THAIBULKSMS_DEFAULT_URL = 'https://api-v2.thaibulksms.com';
const MOVIDER_DEFAULT_URL = 'https://api.movider.co/v1';
const SLIPOK_DEFAULT_URL = 'https://api.slipok.com';
const EASYSLIP_DEFAULT_URL = 'https://api.easyslip.com/v2';

/** Who checks slips with the bank (docs/slip-verifiers.md); the providers read this shape, config imports none of them. */
export type SlipVerifierConfig =
  | { kind: 'sandbox' }
  | { kind: 'slipok'; apiUrl: string; apiKey: string; branchId: string }
  | { kind: 'easyslip'; apiUrl: string; apiKey: string };
const credentialFromEnv = z.string().trim().min(1).optional();

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).optional(),
    PUBLIC_URL: httpUrl.optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
      .optional(),
    LAO_MODE: booleanFromEnv.default(false),
    REGISTER_OTP: booleanFromEnv.default(true),
    ENABLE_CHAT_WIDGET: booleanFromEnv.default(false),
    SANDBOX_PROVIDERS: booleanFromEnv.optional(),
    SEED_DEMO: booleanFromEnv.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
    WEB_DIST_DIR: z.string().min(1).default(resolve(REPO_ROOT, 'apps/web/dist')),
    BACKOFFICE_DIST_DIR: z.string().min(1).default(resolve(REPO_ROOT, 'apps/backoffice/dist')),
    TRUST_PROXY: trustProxyFromEnv.default(false),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
    LOGIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).default(30),
    OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
    OTP_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(1000),
    BANK_CHANGE_REVIEW_HOURS: z.coerce.number().min(0).max(720).default(24),
    SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(12),
    REMEMBER_TTL_DAYS: z.coerce.number().int().min(1).default(30),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    GAME_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    SANDBOX_GAME_RTP: z.coerce.number().min(0.5).max(0.99).default(0.96),
    SERVER_SECRET: secretFromEnv,
    /** The bearer token a Prometheus scraper sends to GET /metrics; without one the route does not exist. */
    METRICS_TOKEN: secretFromEnv,
    BANK_WEBHOOK_SECRET: secretFromEnv,
    ...qrSecretsShape,
    // Gone: one secret for every gateway let each gateway sign another's payments.
    QR_WEBHOOK_SECRET: z
      .undefined({ error: 'no longer read: set one secret per gateway, QR_WEBHOOK_SECRET_<BANKCODE>' })
      .optional(),
    SMS_GATEWAY_URL: httpUrl.optional(),
    SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
    SMS_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
    SMS_PROVIDER: z.enum(SMS_GATEWAYS).optional(),
    SMS_FALLBACK_PROVIDER: z.enum(SMS_GATEWAYS).optional(),
    THAIBULKSMS_API_URL: httpUrl.default(THAIBULKSMS_DEFAULT_URL),
    THAIBULKSMS_API_KEY: credentialFromEnv,
    THAIBULKSMS_API_SECRET: credentialFromEnv,
    THAIBULKSMS_SENDER: z.string().trim().min(1).max(11).optional(),
    MOVIDER_API_URL: httpUrl.default(MOVIDER_DEFAULT_URL),
    MOVIDER_API_KEY: credentialFromEnv,
    MOVIDER_API_SECRET: credentialFromEnv,
    MOVIDER_SENDER: z.string().trim().min(1).max(11).optional(),
    WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    QR_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(86_400).default(600),
    PAYTIMZ_MIN_DEPOSIT: z.coerce.number().positive().max(1_000_000).optional(),
    ZPAY_MIN_DEPOSIT: z.coerce.number().positive().max(1_000_000).optional(),
    DEPOSIT_BAHT_PER_COIN: z.coerce.number().int().min(0).max(1_000_000).default(100),
    DEPOSIT_KIP_PER_COIN: z.coerce.number().int().min(0).max(1_000_000_000).default(65_000),
    SANDBOX_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
    SLIP_UPLOADS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    SLIP_VERIFIER: z.enum(['sandbox', 'slipok', 'easyslip']).default('sandbox'),
    SLIPOK_API_URL: httpUrl.default(SLIPOK_DEFAULT_URL),
    SLIPOK_API_KEY: z.string().min(1).optional(),
    SLIPOK_BRANCH_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be the branch id SlipOK shows (letters and digits)')
      .optional(),
    EASYSLIP_API_URL: httpUrl.default(EASYSLIP_DEFAULT_URL),
    EASYSLIP_API_KEY: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    // A chosen vendor without its credentials would leave every slip waiting: refuse to start instead.
    const slipVendorNeeds = {
      sandbox: [],
      slipok: ['SLIPOK_API_KEY', 'SLIPOK_BRANCH_ID'],
      easyslip: ['EASYSLIP_API_KEY'],
    };
    for (const name of slipVendorNeeds[env.SLIP_VERIFIER] as (
      | 'SLIPOK_API_KEY'
      | 'SLIPOK_BRANCH_ID'
      | 'EASYSLIP_API_KEY'
    )[]) {
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: `required with SLIP_VERIFIER=${env.SLIP_VERIFIER}` });
    }
    if (env.SMS_GATEWAY_URL && !env.SMS_GATEWAY_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['SMS_GATEWAY_TOKEN'], message: 'required with SMS_GATEWAY_URL' });
    }
    for (const [choice, gateway] of [
      ['SMS_PROVIDER', env.SMS_PROVIDER],
      ['SMS_FALLBACK_PROVIDER', env.SMS_FALLBACK_PROVIDER],
    ] as const) {
      if (!gateway) continue;
      for (const needed of SMS_GATEWAY_NEEDS[gateway]) {
        if (!env[needed])
          ctx.addIssue({ code: 'custom', path: [needed], message: `required with ${choice}=${gateway}` });
      }
    }
    if (env.SMS_FALLBACK_PROVIDER && env.SMS_FALLBACK_PROVIDER === (env.SMS_PROVIDER ?? defaultSmsGateway(env))) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_FALLBACK_PROVIDER'],
        message: 'must differ from the first gateway: a code is never sent twice through one gateway',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    const seen = new Map<string, string>();
    for (const name of PRODUCTION_SECRET_VARIABLES) {
      const value = env[name];
      const problem =
        value === undefined
          ? 'required in production (outside production it is generated and kept in the database)'
          : value.length < PRODUCTION_SECRET_MIN_LENGTH
            ? `must be at least ${PRODUCTION_SECRET_MIN_LENGTH} characters in production`
            : PLACEHOLDER_SECRET.test(value)
              ? 'looks like a placeholder; generate one (openssl rand -base64 32)'
              : seen.has(value)
                ? `must differ from ${seen.get(value)}: each secret's holder could sign for the other`
                : undefined;
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
      if (value !== undefined && !seen.has(value)) seen.set(value, name);
    }
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    // Outside production the sandbox answers anyone who can reach it (SMS outbox, free bank credits), so
    // only this machine can unless HOST widens it; production runs behind a proxy or in a container.
    host: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    // Where players reach the server; links the server hands out are built on it, never on a request's Host.
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL ?? `sqlite:${resolve(env.DATA_DIR, 'wallet.db')}`,
    laoMode: env.LAO_MODE,
    registerOtp: env.REGISTER_OTP,
    enableChatWidget: env.ENABLE_CHAT_WIDGET,
    // Sandbox providers (SMS outbox, later fake banks and games) are on unless this is production.
    sandboxProviders: env.SANDBOX_PROVIDERS ?? env.NODE_ENV !== 'production',
    // The demo player's password is in the README: never seeded into production unless asked for.
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    // The demo back-office owner (admin/admin1234) would open the back office to anyone: never in
    // production, even with SEED_DEMO=true.
    seedDemoOperator: (env.SEED_DEMO ?? env.NODE_ENV !== 'production') && env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL,
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS,
    webDistDir: resolve(env.WEB_DIST_DIR),
    backofficeDistDir: resolve(env.BACKOFFICE_DIST_DIR),
    assetsDir: resolve(SERVER_ROOT, 'assets'),
    trustProxy: env.TRUST_PROXY,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    loginFailureWindowSeconds: env.LOGIN_FAILURE_WINDOW_SECONDS,
    // Guesses at one phone from any address, and from one address at any phone, in the same window.
    loginAccountMaxFailures: env.LOGIN_ACCOUNT_MAX_FAILURES,
    loginIpMaxFailures: env.LOGIN_IP_MAX_FAILURES,
    // OTP SMS cost the operator money: hourly budgets per client address and for the whole service.
    otpSendsPerIpPerHour: env.OTP_SENDS_PER_IP_PER_HOUR,
    otpSendsPerHour: env.OTP_SENDS_PER_HOUR,
    // Withdrawals this long after a payout-account change wait for an operator (0: never).
    bankChangeReviewHours: env.BANK_CHANGE_REVIEW_HOURS,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    rememberTtlDays: env.REMEMBER_TTL_DAYS,
    // Set in a scaled deployment: Socket.IO events then reach players connected to any instance.
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    // A provider call slower than this counts as "outcome unknown" and is settled by the next refresh.
    gameProviderTimeoutMs: env.GAME_PROVIDER_TIMEOUT_MS,
    // Return-to-player of the sandbox demo slot (the share of bets paid back on average).
    sandboxGameRtp: env.SANDBOX_GAME_RTP,
    // Unset (outside production only): generated once and kept in the database's settings.
    serverSecret: env.SERVER_SECRET,
    // Shared secrets of the signed webhooks, one per sender (the bank feed, each QR gateway). Unset
    // (outside production only): generated once and kept in the database's settings, which is what
    // the sandbox command reads too.
    bankWebhookSecret: env.BANK_WEBHOOK_SECRET,
    qrWebhookSecrets: Object.fromEntries(
      QR_BANK_CODES.flatMap((code) => {
        const secret = env[qrSecretVariable(code)];
        return secret ? [[code, secret]] : [];
      }),
    ) as Partial<Record<QrBankCode, string>>,
    // The SMS gateways (docs/providers.md). `provider` unset: the HTTP gateway when its URL is set, else
    // the sandbox outbox where sandbox providers are on, else none (providers/sms/select-sms-provider.ts).
    sms: {
      provider: env.SMS_PROVIDER,
      fallback: env.SMS_FALLBACK_PROVIDER,
      // Every gateway call, its answer included; a slower one counts as "may have been sent".
      timeoutMs: env.SMS_GATEWAY_TIMEOUT_MS,
      http:
        env.SMS_GATEWAY_URL && env.SMS_GATEWAY_TOKEN
          ? { url: env.SMS_GATEWAY_URL, token: env.SMS_GATEWAY_TOKEN }
          : undefined,
      thaibulksms: vendorAccount(
        env.THAIBULKSMS_API_URL,
        env.THAIBULKSMS_API_KEY,
        env.THAIBULKSMS_API_SECRET,
        env.THAIBULKSMS_SENDER,
      ),
      movider: vendorAccount(env.MOVIDER_API_URL, env.MOVIDER_API_KEY, env.MOVIDER_API_SECRET, env.MOVIDER_SENDER),
    },
    // A signed webhook older or newer than this is refused as a replay.
    webhookToleranceSeconds: env.WEBHOOK_TOLERANCE_SECONDS,
    qrExpirySeconds: env.QR_EXPIRY_SECONDS,
    // Server-side overrides of SPEC §9's PAYTIMZ and ZPAY minimums (the web app has build settings too).
    qrMinimumOverrides: { PAYTIMZ: env.PAYTIMZ_MIN_DEPOSIT, ZPAY: env.ZPAY_MIN_DEPOSIT },
    // Wheel coins: one coin for each this many baht (or kip, for LAK wallets) deposited; 0 turns earning off.
    depositBahtPerCoin: env.DEPOSIT_BAHT_PER_COIN,
    depositKipPerCoin: env.DEPOSIT_KIP_PER_COIN,
    // How long the sandbox bank takes to post or fail a payout.
    sandboxPayoutDelayMs: env.SANDBOX_PAYOUT_DELAY_MS,
    // Uploaded files (slips) live here, never under the web root.
    uploadsDir: resolve(env.DATA_DIR, 'uploads'),
    // Slip uploads per client address, whichever players send them: each costs a decode, and one
    // person with many accounts would otherwise get one upload a minute per account.
    slipUploadsPerIpPerMinute: env.SLIP_UPLOADS_PER_IP_PER_MINUTE,
    // Who checks slips with the bank (docs/slip-verifiers.md); the sandbox bank unless a vendor is chosen.
    slipVerifier: slipVerifierOf(env),
  }));

/** A vendor's account, when both its key and secret are set. */
function vendorAccount(apiUrl: string, apiKey?: string, apiSecret?: string, sender?: string) {
  return apiKey && apiSecret ? { apiUrl, apiKey, apiSecret, ...(sender ? { sender } : {}) } : undefined;
}

/** The first SMS gateway when SMS_PROVIDER is unset, as it always was. */
function defaultSmsGateway(env: {
  SMS_GATEWAY_URL?: string | undefined;
  SANDBOX_PROVIDERS?: boolean | undefined;
  NODE_ENV: string;
}) {
  if (env.SMS_GATEWAY_URL) return 'http';
  return (env.SANDBOX_PROVIDERS ?? env.NODE_ENV !== 'production') ? 'sandbox' : undefined;
}

function slipVerifierOf(env: {
  SLIP_VERIFIER: 'sandbox' | 'slipok' | 'easyslip';
  SLIPOK_API_URL: string;
  SLIPOK_API_KEY?: string | undefined;
  SLIPOK_BRANCH_ID?: string | undefined;
  EASYSLIP_API_URL: string;
  EASYSLIP_API_KEY?: string | undefined;
}): SlipVerifierConfig {
  // The keys are present: the schema refused to load without them.
  if (env.SLIP_VERIFIER === 'slipok') {
    return {
      kind: 'slipok',
      apiUrl: env.SLIPOK_API_URL,
      apiKey: env.SLIPOK_API_KEY ?? '',
      branchId: env.SLIPOK_BRANCH_ID ?? '',
    };
  }
  if (env.SLIP_VERIFIER === 'easyslip') {
    return { kind: 'easyslip', apiUrl: env.EASYSLIP_API_URL, apiKey: env.EASYSLIP_API_KEY ?? '' };
  }
  return { kind: 'sandbox' };
}

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Reads the environment; a wrong value throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
