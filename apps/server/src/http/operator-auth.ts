import {
  backofficeRouteKey,
  PASSWORD_CHANGE_ROUTES,
  type Permission,
  roleCan,
  routePermission,
} from '@wallet/contract/backoffice/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../lib/domain-error.ts';
import { sha256 } from '../lib/ids.ts';
import type { Operator } from '../lib/operator.ts';
import { bearerToken } from './auth.ts';
import { bindLogTo } from './logging.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
  }
  interface FastifyContextConfig {
    /** Set from the contract's BACKOFFICE_ROUTES when a back-office route is declared; never by hand. */
    permission?: Permission | 'public';
    /** Set with `permission` from the contract's PASSWORD_CHANGE_ROUTES; never by hand. */
    beforePasswordChange?: boolean;
  }
}

export interface OperatorAuthOptions {
  /**
   * The live session behind a token hash and its active operator, counting this call as activity, or
   * null (unknown, revoked, idle too long, too old, operator disabled). Operator sessions are a table
   * of their own, so a player's token is unknown here and an operator's is unknown to requirePlayer.
   */
  authenticate(tokenHash: string): Promise<Omit<Operator, 'tokenHash'> | null>;
  /** Production: owner and finance can do nothing but their own session business until they enrol TOTP. */
  requireTotpEnrolment: boolean;
  /** The two-factor rule, injected so this hook and the session service (GET me) share one predicate. */
  mustEnrolTotp(operator: Omit<Operator, 'tokenHash'>, required: boolean): boolean;
}

/**
 * The operator audience's one check, for every route of the scope it is called in. Each route takes
 * its permission from the contract's table as it is declared (a route the table lacks stops the app
 * at start, so none can slip in unguarded); each call then needs a live operator session (401
 * invalid-token) whose role holds that permission (403 NO_PERMISSION). No handler checks roles.
 */
export function requireOperator(scope: FastifyInstance, options: OperatorAuthOptions): void {
  scope.decorateRequest('operator', null);
  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify answers HEAD for every GET route: the same permission as the GET.
      const asDeclared = method === 'HEAD' ? 'GET' : method;
      const permission = routePermission(asDeclared, route.url);
      if (!permission) {
        throw new Error(
          `back-office route ${method} ${route.url} has no permission in contract backoffice/permissions.ts`,
        );
      }
      const key = backofficeRouteKey(asDeclared, route.url);
      const beforePasswordChange = (PASSWORD_CHANGE_ROUTES as readonly string[]).includes(key);
      route.config = { ...route.config, permission, beforePasswordChange };
    }
  });
  scope.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (permission === 'public') return;
    const token = bearerToken(request);
    if (!token || token.length > 200) throw unauthenticated();
    const tokenHash = sha256(token);
    const operator = await options.authenticate(tokenHash);
    if (!operator) throw unauthenticated();
    request.operator = { ...operator, tokenHash };
    bindLogTo(request, { operatorId: operator.id });
    if (!permission) throw forbidden('NO_PERMISSION');
    // Before anything else: an owner-made password is not yet the operator's own secret.
    if (operator.mustChangePassword && !request.routeOptions.config.beforePasswordChange) {
      throw forbidden('PASSWORD_CHANGE_REQUIRED');
    }
    if (permission !== 'session' && options.mustEnrolTotp(operator, options.requireTotpEnrolment)) {
      throw forbidden('TOTP_ENROLMENT_REQUIRED');
    }
    if (!roleCan(operator.role, permission)) throw forbidden('NO_PERMISSION');
  });
}

/** For handlers behind requireOperator: the operator is always there. */
export function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw unauthenticated();
  return request.operator;
}
