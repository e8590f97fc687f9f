import {
  chatSettingPayload,
  moneySettingsPayload,
  serviceStatePayload,
  settingsResponse,
} from '@wallet/contract/backoffice/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from './request-actor.ts';
import type { SettingsService } from './settings.service.ts';

/** The service switch and the money settings; the operator check allows them to settings.* holders. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get('/api/backoffice/settings', { schema: { response: { 200: settingsResponse } } }, async () => settings.get());
  app.post(
    '/api/backoffice/settings/service',
    { schema: { body: serviceStatePayload, response: { 200: settingsResponse } } },
    async (request) => settings.setService(actorOf(request), request.body.state, request.body.reason),
  );
  app.post(
    '/api/backoffice/settings/chat',
    { schema: { body: chatSettingPayload, response: { 200: settingsResponse } } },
    async (request) => settings.setChat(actorOf(request), request.body.enabled, request.body.reason),
  );
  app.put(
    '/api/backoffice/settings/money',
    { schema: { body: moneySettingsPayload, response: { 200: settingsResponse } } },
    async (request) => {
      const { reason, ...money } = request.body;
      return settings.saveMoney(actorOf(request), money, reason);
    },
  );
};
