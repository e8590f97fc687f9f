import { roleCan } from '@wallet/contract/backoffice/permissions';
import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import type { FastifyPluginAsync } from 'fastify';
import type { OperatorAuthOptions } from '../../http/operator-auth.ts';
import { sha256 } from '../../lib/ids.ts';
import { mustEnrolTotp } from '../../lib/operator.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import type { FeatureContext } from '../feature.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService, recordAudit } from './audit.service.ts';
import { operatorAuthRoutes } from './auth.routes.ts';
import { createOperatorAuthService } from './auth.service.ts';
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
  socketOperator(tokenHash: string): Promise<{ id: string; role: OperatorRole; readsMoneyDesk: boolean } | null>;
}

/**
 * The back office's staff side: sign-in and sessions, two-factor, staff accounts, the audit log.
 * Later screens (money desk, players, settings, promotions, wheel, chat) add their routes beside
 * these, each declared in the contract's BACKOFFICE_ROUTES, and write their audit rows with
 * recordAudit in the transaction of their change.
 */
export function backofficeFeature(context: FeatureContext): BackofficeFeature {
  const { db, dialect, clock, config } = context;
  const requireTotpEnrolment = config.nodeEnv === 'production';
  const auth = createOperatorAuthService({
    db,
    dialect,
    clock,
    totpBox: createSecretBox(sha256(`backoffice-totp:${context.secret}`), 'totp'),
    requireTotpEnrolment,
    issuer: TOTP_ISSUER,
  });
  const staff = createStaffService({ db, dialect, clock });
  const audit = createAuditService({ db });
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
        role: operator.role,
        readsMoneyDesk: roleCan(operator.role, 'money.read') || roleCan(operator.role, 'slips.read'),
      };
    },
    operator: async (scope) => {
      await scope.register(operatorAuthRoutes, { auth });
      await scope.register(staffRoutes, { staff });
      await scope.register(auditRoutes, { audit });
    },
  };
}
