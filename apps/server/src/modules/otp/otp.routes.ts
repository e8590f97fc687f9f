import {
  otpSendPayload,
  otpSendResetPayload,
  otpSendResponse,
  otpVerifyPayload,
  otpVerifyResponse,
} from '@wallet/contract/otp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OtpService } from './otp.service.ts';

export const otpRoutes: FastifyPluginAsyncZod<{ otp: OtpService }> = async (app, { otp }) => {
  app.post('/api/otp/send', { schema: { body: otpSendPayload, response: { 200: otpSendResponse } } }, async (request) =>
    otp.send(request.body.phoneNumber, request.ip),
  );
  app.post(
    '/api/otp/send-reset',
    { schema: { body: otpSendResetPayload, response: { 200: otpSendResponse } } },
    async (request) => otp.sendReset(request.body.phoneNumber, request.ip),
  );
  app.post(
    '/api/otp/verify',
    { schema: { body: otpVerifyPayload, response: { 200: otpVerifyResponse } } },
    async (request) => otp.verify(request.body.otpToken, request.body.otpCode),
  );
};
