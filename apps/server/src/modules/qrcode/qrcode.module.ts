import { ensureSetting } from '../../db/settings.repo.ts';
import { randomSecret } from '../../lib/ids.ts';
import type { QrGateways } from '../../providers/payments/qr-gateway.ts';
import { createSandboxQrGateways } from '../../providers/payments/qr-sandbox-gateway.ts';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { playerQrcodeRoutes, qrWebhookRoutes, sandboxQrRoutes } from './qrcode.routes.ts';
import { createQrcodeService, qrMinimumsMinor } from './qrcode.service.ts';
import { createQrPayments } from './qrcode-payments.ts';

/** Where the QR gateways' webhook secret is kept when QR_WEBHOOK_SECRET is not set. */
export const QR_WEBHOOK_SECRET_SETTING = 'qr_webhook_secret';

/**
 * QR gateway deposits (KBANK, WW, PAYTIMZ, PAYONEX, ZPAY). Only sandbox gateways exist so far; with
 * sandbox providers off no gateway is connected and creating a QR answers NO_BANK.
 */
export async function qrcodeFeature(ctx: FeatureContext): Promise<FeatureRoutes> {
  const minimumsMinor = qrMinimumsMinor(ctx.config.qrMinimumOverrides);
  // Shared by every instance through the database, so any of them can check any delivery.
  const webhookSecret =
    ctx.config.qrWebhookSecret ?? (await ensureSetting(ctx.db, QR_WEBHOOK_SECRET_SETTING, randomSecret));
  const sandbox = ctx.config.sandboxProviders
    ? createSandboxQrGateways({
        db: ctx.db,
        clock: ctx.clock,
        expirySeconds: ctx.config.qrExpirySeconds,
        webhookSecret,
        webhookToleranceSeconds: ctx.config.webhookToleranceSeconds,
      })
    : undefined;
  const gateways: QrGateways = sandbox?.gateways ?? {};
  const qrcodes = createQrcodeService({
    db: ctx.db,
    dialect: ctx.dialect,
    clock: ctx.clock,
    gateways,
    minimumsMinor,
  });
  const payments = createQrPayments({ db: ctx.db, clock: ctx.clock, gateways, deposits: ctx.deposits });

  return {
    player: async (app) => {
      await app.register(playerQrcodeRoutes, { qrcodes, idempotency: ctx.idempotency });
    },
    public: async (app) => {
      await app.register(qrWebhookRoutes, { payments });
    },
    ...(sandbox
      ? {
          sandbox: async (app) => {
            await app.register(sandboxQrRoutes, { db: ctx.db, sandbox, payments });
          },
        }
      : {}),
  };
}
