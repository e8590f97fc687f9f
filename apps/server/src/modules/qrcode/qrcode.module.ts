import { QR_BANK_CODES, type QrBankCode } from '@wallet/contract/constants';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { ensureSetting } from '../../db/settings.repo.ts';
import { randomSecret } from '../../lib/ids.ts';
import type { QrGateways } from '../../providers/payments/qr-gateway.ts';
import { createSandboxQrGateways } from '../../providers/payments/qr-sandbox-gateway.ts';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { playerQrcodeRoutes, qrWebhookRoutes, sandboxQrRoutes } from './qrcode.routes.ts';
import { createQrcodeService, qrMinimumsMinor } from './qrcode.service.ts';
import { createQrPayments } from './qrcode-payments.ts';

/** Where a QR gateway's webhook secret is kept when its QR_WEBHOOK_SECRET_<BANKCODE> is not set. */
export const qrWebhookSecretSetting = (bankCode: QrBankCode) => `qr_webhook_secret:${bankCode}`;

/**
 * Each gateway's own webhook secret: configured, or (outside production, where config.ts requires
 * them all) generated once and shared by every instance through the database. One secret per gateway,
 * so a gateway, or whoever learns its secret, can sign only its own payments.
 */
async function qrWebhookSecrets(db: Kysely<Database>, config: Config): Promise<Record<QrBankCode, string>> {
  const entries = await Promise.all(
    QR_BANK_CODES.map(
      async (code) =>
        [
          code,
          config.qrWebhookSecrets[code] ?? (await ensureSetting(db, qrWebhookSecretSetting(code), randomSecret)),
        ] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<QrBankCode, string>;
}

/**
 * QR gateway deposits (KBANK, WW, PAYTIMZ, PAYONEX, ZPAY). Only sandbox gateways exist so far; with
 * sandbox providers off no gateway is connected and creating a QR answers NO_BANK.
 */
export async function qrcodeFeature(ctx: FeatureContext): Promise<FeatureRoutes> {
  const minimumsMinor = qrMinimumsMinor(ctx.config.qrMinimumOverrides);
  const webhookSecrets = await qrWebhookSecrets(ctx.db, ctx.config);
  const sandbox = ctx.config.sandboxProviders
    ? createSandboxQrGateways({
        db: ctx.db,
        clock: ctx.clock,
        expirySeconds: ctx.config.qrExpirySeconds,
        webhookSecrets,
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
    restrictions: ctx.restrictions,
  });
  const payments = createQrPayments({
    db: ctx.db,
    clock: ctx.clock,
    gateways,
    deposits: ctx.deposits,
    restrictions: ctx.restrictions,
  });

  return {
    player: async (app) => {
      await app.register(playerQrcodeRoutes, { qrcodes, idempotency: ctx.idempotency });
    },
    webhook: async (app) => {
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
