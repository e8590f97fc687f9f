import { roleCan } from '@wallet/contract/backoffice/permissions';
import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import type { FastifyPluginAsync } from 'fastify';
import { qrDefaultMinimumsMinor } from '../../db/content-settings.ts';
import type { OperatorAuthOptions } from '../../http/operator-auth.ts';
import { createBannerStorage } from '../../lib/banner-images.ts';
import { sha256 } from '../../lib/ids.ts';
import { mustEnrolTotp } from '../../lib/operator.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import type { SessionsEnded } from '../../lib/sessions-ended.ts';
import type { FeatureContext } from '../feature.ts';
import { createAdjustments } from './adjustments.service.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService, recordAudit } from './audit.service.ts';
import { operatorAuthRoutes } from './auth.routes.ts';
import { createOperatorAuthService } from './auth.service.ts';
import { contentRoutes } from './content.routes.ts';
import { createContentService } from './content.service.ts';
import { playersRoutes } from './players.routes.ts';
import { createPlayersDesk } from './players.service.ts';
import { settingsRoutes } from './settings.routes.ts';
import { createSettingsService } from './settings.service.ts';
import { staffRoutes } from './staff.routes.ts';
import { createStaffService } from './staff.service.ts';

/** The name authenticator apps show beside an operator's codes. */
const TOTP_ISSUER = 'Lucky Wallet back office';

/**
 * The operator audience's routes (every /api/backoffice route), and what the operator scope's check
 * (http/operator-auth.ts) needs from this feature: who a session token belongs to (and whether their
 * password is still an owner-made one), and whether owner and finance must enrol two-factor first
 * (production).
 */
export interface BackofficeFeature extends OperatorAuthOptions {
  operator: FastifyPluginAsync;
  /** Other back-office features (money desk) write their audit rows with this, handed over by app.ts. */
  recordAudit: typeof recordAudit;
  /**
   * The operator behind a socket's token hash, checked as the operator audience checks a call (live
   * session, own password, two-factor where required), or null.
   */
  socketOperator(
    tokenHash: string,
  ): Promise<{ id: string; username: string; role: OperatorRole; readsMoneyDesk: boolean } | null>;
}

/**
 * The back office's staff side: sign-in and sessions, two-factor, staff accounts, the audit log.
 * Later screens (money desk, players, settings, promotions, wheel, chat) add their routes beside
 * these, each declared in the contract's BACKOFFICE_ROUTES, and write their audit rows with
 * recordAudit in the transaction of their change.
 */
/** What the back office needs from outside its module, handed over by app.ts. */
export interface BackofficeNeeds {
  /** Disconnects a player's open apps once every session of theirs has ended (suspend, sign out, reset). */
  onSessionsEnded(userId: string): void;
  /** Disconnects an operator's open back offices once sessions of theirs have ended (logout, disable, reset). */
  onOperatorSessionsEnded: SessionsEnded;
  /** Drops an operator's open sockets once their role changed: none may keep what the old role read. */
  onOperatorRoleChanged(operatorId: string): void;
}

export function backofficeFeature(context: FeatureContext, needs: BackofficeNeeds): BackofficeFeature {
  const { db, dialect, clock, config } = context;
  const requireTotpEnrolment = config.nodeEnv === 'production';
  const auth = createOperatorAuthService({
    db,
    dialect,
    clock,
    totpBox: createSecretBox(sha256(`backoffice-totp:${context.secret}`), 'totp'),
    requireTotpEnrolment,
    sandbox: config.sandboxProviders,
    issuer: TOTP_ISSUER,
    onSessionsEnded: needs.onOperatorSessionsEnded,
  });
  const staff = createStaffService({
    db,
    dialect,
    clock,
    onSessionsEnded: needs.onOperatorSessionsEnded,
    onRoleChanged: needs.onOperatorRoleChanged,
  });
  const audit = createAuditService({ db });
  const desk = createPlayersDesk({
    db,
    clock,
    sms: context.providers.sms,
    appName: context.appName,
    onSessionsEnded: needs.onSessionsEnded,
    loginLimits: { perAccount: config.loginAccountMaxFailures, windowMs: config.loginFailureWindowSeconds * 1000 },
  });
  const adjustments = createAdjustments({ db, clock, systemAccount: context.systemAccount, events: context.events });
  const settings = createSettingsService({
    db,
    dialect,
    clock,
    qrDefaultMinimumsMinor: qrDefaultMinimumsMinor(config.qrMinimumOverrides),
    chatForcedOn: config.enableChatWidget,
  });
  const content = createContentService({ db, dialect, clock, banners: createBannerStorage(config.uploadsDir) });
  return {
    authenticate: auth.authenticate,
    requireTotpEnrolment,
    mustEnrolTotp,
    recordAudit,
    async socketOperator(tokenHash) {
      const operator = await auth.authenticate(tokenHash);
      if (!operator || operator.mustChangePassword || mustEnrolTotp(operator, requireTotpEnrolment)) return null;
      return {
        id: operator.id,
        username: operator.username,
        role: operator.role,
        readsMoneyDesk: roleCan(operator.role, 'money.read') || roleCan(operator.role, 'slips.read'),
      };
    },
    operator: async (scope) => {
      await scope.register(operatorAuthRoutes, { auth });
      await scope.register(staffRoutes, { staff });
      await scope.register(auditRoutes, { audit });
      await scope.register(playersRoutes, { desk, adjustments, audit });
      await scope.register(settingsRoutes, { settings });
      await scope.register(contentRoutes, { content });
    },
  };
}
