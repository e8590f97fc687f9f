import {
  bankAccountNamePayload,
  bankChangeRequestPayload,
  bankChangeRequestResponse,
  changePasswordPayload,
  loginPayload,
  loginResponse,
  profileResponse,
  profileUpdatePayload,
  registrationPayload,
  registrationValidatePayload,
  resetPasswordPayload,
} from '@wallet/contract/account';
import { messageResponse } from '@wallet/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playerOf } from '../../http/auth.ts';
import type { AccountService } from './account.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';

/** Calls anyone may make: log in, the registration wizard's validate and register, a forgotten password. */
export const publicAccountRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  resets: PasswordResetService;
}> = async (app, { accounts, resets }) => {
  app.post('/api/login', { schema: { body: loginPayload, response: { 200: loginResponse } } }, async (request) =>
    accounts.login(request.body, request.ip),
  );
  app.post(
    '/api/account/validate',
    { schema: { body: registrationValidatePayload, response: { 200: messageResponse } } },
    async (request) => accounts.validate(request.body),
  );
  app.post(
    '/api/account',
    { schema: { body: registrationPayload, response: { 200: messageResponse } } },
    async (request) => accounts.register(request.body),
  );
  app.post(
    '/api/account/reset-password',
    { schema: { body: resetPasswordPayload, response: { 200: messageResponse } } },
    async (request) => resets.resetPassword(request.body),
  );
};

/** Calls of a logged-in player; the scope that registers these applies the bearer-token check. */
export const playerAccountRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (app, { accounts }) => {
  app.post('/api/logout', { schema: { response: { 200: messageResponse } } }, async (request) =>
    accounts.logout(playerOf(request).id, playerOf(request).tokenHash),
  );
  app.get('/api/account/profile', { schema: { response: { 200: profileResponse } } }, async (request) =>
    accounts.getProfile(playerOf(request).id),
  );
  app.put(
    '/api/account/profile',
    { schema: { body: profileUpdatePayload, response: { 200: messageResponse } } },
    async (request) => accounts.updateProfile(playerOf(request).id, request.body),
  );
  app.put(
    '/api/account/bankAccountName',
    { schema: { body: bankAccountNamePayload, response: { 200: messageResponse } } },
    async (request) => accounts.updateBankAccountName(playerOf(request).id, request.body),
  );
  app.get(
    '/api/account/bank-change-request',
    { schema: { response: { 200: bankChangeRequestResponse } } },
    async (request) => accounts.latestBankChange(playerOf(request).id),
  );
  app.post(
    '/api/account/bank-change-request',
    { schema: { body: bankChangeRequestPayload, response: { 200: bankChangeRequestResponse } } },
    async (request) => accounts.requestBankChange(playerOf(request).id, request.body),
  );
  app.put(
    '/api/account/changepwd',
    { schema: { body: changePasswordPayload, response: { 200: messageResponse } } },
    async (request) => {
      const player = playerOf(request);
      return accounts.changePassword(player.id, player.tokenHash, request.body);
    },
  );
};
