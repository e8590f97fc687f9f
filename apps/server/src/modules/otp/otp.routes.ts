import {
  otpSendPayload,
  otpSendQuery,
  otpSendResetPayload,
  otpSendResponse,
  otpVerifyPayload,
  otpVerifyResponse,
} from '@wallet/contract/otp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentLanguage } from '../../db/content-settings.ts';
import type { OtpService } from './otp.service.ts';

export const otpRoutes: FastifyPluginAsyncZod<{ otp: OtpService }> = async (app, { otp }) => {
  // ?lang= is the player's language in the app: the SMS is written in it (Thai otherwise).
  app.post(
    '/api/otp/send',
    { schema: { querystring: otpSendQuery, body: otpSendPayload, response: { 200: otpSendResponse } } },
    async (request) => otp.send(request.body.phoneNumber, request.ip, contentLanguage(request.query.lang)),
  );
  app.post(
    '/api/otp/send-reset',
    { schema: { querystring: otpSendQuery, body: otpSendResetPayload, response: { 200: otpSendResponse } } },
    async (request) => otp.sendReset(request.body.phoneNumber, request.ip, contentLanguage(request.query.lang)),
  );
  app.post(
    '/api/otp/verify',
    { schema: { body: otpVerifyPayload, response: { 200: otpVerifyResponse } } },
    async (request) => otp.verify(request.body.otpToken, request.body.otpCode),
  );
};
