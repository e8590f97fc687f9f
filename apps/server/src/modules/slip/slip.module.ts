import type { FastifyBaseLogger } from 'fastify';
import { selectSlipVerifier } from '../../providers/slip-verify/select-slip-verifier.ts';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { playerSlipRoutes, publicSlipImageRoutes } from './slip.routes.ts';
import { createSlipService, type SlipService } from './slip.service.ts';
import { createSlipImageLinks } from './slip-image-links.ts';
import { slipSandboxRoutes } from './slip-sandbox.routes.ts';
import { createSlipStorage } from './slip-storage.ts';

/** How often the background sweep looks for slips whose verification is due again. */
const RETRY_SWEEP_MS = 1000;

/** Transfer slip uploads, verification and the slip list. */
export async function slipFeature(ctx: FeatureContext): Promise<FeatureRoutes & { slips: SlipService }> {
  // SLIP_VERIFIER picks the sandbox bank or a vendor; without any, slips wait for an operator.
  const selected = selectSlipVerifier(ctx.config, ctx.db, ctx.clock);
  const sandboxVerifier = selected.sandbox;
  const verifier =
    selected.verifier && ctx.countProviderCalls
      ? ctx.countProviderCalls(`slip-verify:${selected.verifier.name}`, selected.verifier)
      : selected.verifier;
  const links = createSlipImageLinks(ctx.secret, ctx.clock);
  // The app's logger reaches us when our routes are registered; until then errors go to stderr.
  let log: Pick<FastifyBaseLogger, 'error' | 'warn'> = {
    error: (obj: unknown, msg?: string) => console.error(msg, obj),
    warn: (msg: string) => console.warn(msg),
  };
  const slips = createSlipService({
    db: ctx.db,
    clock: ctx.clock,
    deposits: ctx.deposits,
    verifier,
    storage: createSlipStorage(ctx.config.uploadsDir),
    links,
    images: ctx.images,
    logError: (err, message) => log.error({ err }, message),
    logWarning: (message) => log.warn(message),
    restrictions: ctx.restrictions,
  });

  // Retries after a verifier outage, and slips a stopped server left half-done: their due times are
  // in the database, so this picks them up after a restart too.
  let sweeping: Promise<unknown> | undefined;
  const timer = verifier
    ? setInterval(() => {
        if (sweeping) return;
        sweeping = slips
          .retryDue()
          .catch((err) => log.error({ err }, 'slip retry sweep failed'))
          .finally(() => {
            sweeping = undefined;
          });
      }, RETRY_SWEEP_MS)
    : undefined;
  timer?.unref();

  return {
    slips,
    public: async (app) => {
      await app.register(publicSlipImageRoutes, { slips, links });
    },
    player: async (app) => {
      log = app.log;
      await app.register(playerSlipRoutes, {
        slips,
        idempotency: ctx.idempotency,
        uploadsPerIpPerMinute: ctx.config.slipUploadsPerIpPerMinute,
      });
    },
    ...(sandboxVerifier
      ? {
          sandbox: async (app) => {
            await app.register(slipSandboxRoutes, { db: ctx.db, clock: ctx.clock, verifier: sandboxVerifier, slips });
          },
        }
      : {}),
    async close() {
      if (timer) clearInterval(timer);
      await sweeping;
    },
  };
}
