import {
  operatorLoginPayload,
  operatorLoginResponse,
  operatorMeResponse,
  operatorPasswordPayload,
  totpEnablePayload,
  totpSetupResponse,
} from '@wallet/contract/backoffice/auth';
import { messageResponse } from '@wallet/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOf } from '../../http/operator-auth.ts';
import type { OperatorAuthService } from './auth.service.ts';
import { actorOf } from './request-actor.ts';

/** Sign-in, sign-out and the operator's own account. Permissions: contract backoffice/permissions.ts. */
export const operatorAuthRoutes: FastifyPluginAsyncZod<{ auth: OperatorAuthService }> = async (app, { auth }) => {
  app.post(
    '/api/backoffice/login',
    { schema: { body: operatorLoginPayload, response: { 200: operatorLoginResponse } } },
    async (request) => auth.login(request.body, { ip: request.ip, requestId: request.id }),
  );
  app.post('/api/backoffice/logout', { schema: { response: { 200: messageResponse } } }, async (request) =>
    auth.logout(operatorOf(request), actorOf(request)),
  );
  app.get('/api/backoffice/me', { schema: { response: { 200: operatorMeResponse } } }, async (request) =>
    auth.me(operatorOf(request)),
  );
  app.post(
    '/api/backoffice/me/password',
    { schema: { body: operatorPasswordPayload, response: { 200: messageResponse } } },
    async (request) => auth.changePassword(operatorOf(request), request.body, actorOf(request)),
  );
  app.post('/api/backoffice/me/totp/setup', { schema: { response: { 200: totpSetupResponse } } }, async (request) =>
    auth.totpSetup(operatorOf(request), actorOf(request)),
  );
  app.post(
    '/api/backoffice/me/totp/enable',
    { schema: { body: totpEnablePayload, response: { 200: messageResponse } } },
    async (request) => auth.totpEnable(operatorOf(request), request.body.otp, actorOf(request)),
  );
};
