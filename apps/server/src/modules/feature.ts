import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Idempotency } from '../http/idempotency.ts';
import type { SystemAccounts } from '../ledger/ledger.ts';
import type { Clock } from '../lib/clock.ts';
import type { ImageDecoder } from '../lib/image-decoder/image-decoder.ts';
import type { DepositService } from './deposit/deposit.service.ts';

/** What app.ts hands every money feature: shared services, built once per app. */
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
  onWalletChanged(userId: string, walletMinor: number): void;
}

/**
 * A feature's routes by audience: public (no login; webhooks), player (inside the bearer-token scope)
 * and sandbox (only while sandbox providers are on). close stops its timers when the app closes.
 */
export interface FeatureRoutes {
  public?: FastifyPluginAsync;
  player?: FastifyPluginAsync;
  sandbox?: FastifyPluginAsync;
  close?(): Promise<void> | void;
}
