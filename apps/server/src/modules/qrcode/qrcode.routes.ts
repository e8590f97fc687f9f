import { successResponse } from '@wallet/contract/common';
import { QR_BANK_CODES } from '@wallet/contract/constants';
import {
  qrBankCode,
  qrBankCodeParams,
  qrCreatePayload,
  qrcodeIdParams,
  qrcodeRecord,
  qrcodeStatus,
  qrcodeStatusParams,
  qrDeleteResponse,
} from '@wallet/contract/qrcode';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { playerOf } from '../../http/auth.ts';
import type { Idempotency } from '../../http/idempotency.ts';
import { conflict, notFound } from '../../lib/domain-error.ts';
import type { SandboxQrGateways } from '../../providers/payments/qr-sandbox-gateway.ts';
import { findQrcode } from './qrcode.repo.ts';
import type { QrCreated, QrcodeService } from './qrcode.service.ts';
import type { PaidOutcome, QrPayments } from './qrcode-payments.ts';

/** A paid notice is a few hundred bytes; anything near this is not one. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

const PAID_OUTCOMES = [
  'CREDITED',
  'DUPLICATE',
  'UNKNOWN_QR',
  'AMOUNT_MISMATCH',
  'NOT_PAYABLE',
  'PROTECTION_HOLD',
] as const;
const webhookAnswer = z.object({ message: z.literal('OK'), outcome: z.enum(PAID_OUTCOMES) });

/** SPEC §7 "QR deposit", behind the bearer-token check. */
export const playerQrcodeRoutes: FastifyPluginAsyncZod<{ qrcodes: QrcodeService; idempotency: Idempotency }> = async (
  app,
  { qrcodes, idempotency },
) => {
  app.get(
    '/api/qrcode/:bankCode',
    { schema: { params: qrBankCodeParams, response: { 200: qrcodeRecord } } },
    async (request) => qrcodes.current(playerOf(request).id, request.params.bankCode),
  );
  app.get(
    '/api/qrcode/:bankCode/:qrcodeId',
    { schema: { params: qrcodeStatusParams, response: { 200: qrcodeStatus } } },
    async (request) => qrcodes.status(playerOf(request).id, request.params.bankCode, request.params.qrcodeId),
  );
  app.post(
    '/api/qrcode/:bankCode',
    { schema: { params: qrBankCodeParams, body: qrCreatePayload, response: { 200: qrcodeRecord } } },
    async (request, reply) =>
      idempotency.once(request, reply, async (tx) => {
        const { bankCode } = request.params;
        // The answer is stored in the transaction that writes the QR.
        const answer = (created: QrCreated) => ({ status: 200, body: created.record });
        const created = await qrcodes.create(playerOf(request).id, bankCode, request.body.amount, tx.answering(answer));
        if (created.failure) request.log.warn({ bankCode, failure: created.failure }, 'QR gateway issued no QR');
        return answer(created);
      }),
  );
  app.delete(
    '/api/qrcode/:qrcodeId',
    { schema: { params: qrcodeIdParams, response: { 200: qrDeleteResponse } } },
    async (request) => {
      await qrcodes.cancel(playerOf(request).id, request.params.qrcodeId);
      return { message: 'SUCCESS' };
    },
  );
};

/**
 * POST /api/webhooks/qr/{bankCode}: a gateway's paid notice. The body is kept as the exact text that
 * arrived (the signature covers those bytes, not a re-serialisation), and is parsed only after the
 * gateway adapter has checked the signature. Every readable notice answers 200 with its outcome, so
 * a gateway stops retrying; a held outcome is logged for the operator.
 */
export const qrWebhookRoutes: FastifyPluginAsyncZod<{ payments: QrPayments }> = async (app, { payments }) => {
  // This plugin is encapsulated: the raw-text JSON parser applies to its routes only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/webhooks/qr/:bankCode',
    { schema: { params: qrBankCodeParams, response: { 200: webhookAnswer } } },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const outcome = await payments.receive(request.params.bankCode, { rawBody, headers: request.headers });
      logHeld(request.log, request.params.bankCode, outcome);
      return { message: 'OK' as const, outcome };
    },
  );
};

function logHeld(log: { warn(obj: object, msg: string): void }, bankCode: string, outcome: PaidOutcome) {
  if (outcome !== 'CREDITED' && outcome !== 'DUPLICATE') {
    log.warn({ bankCode, outcome }, 'QR payment held for the operator: not credited');
  }
}

/**
 * The sandbox gateways' buttons: make a gateway fail to issue QRs, and pay a QR as a payer would
 * (the sandbox gateway then delivers its signed paid webhook through the same handler as a real one).
 */
export const sandboxQrRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  sandbox: SandboxQrGateways;
  payments: QrPayments;
}> = async (app, { db, sandbox, payments }) => {
  const failingCodes = () => QR_BANK_CODES.filter((code) => sandbox.isFailing(code));
  app.post(
    '/sandbox/qr/faults',
    {
      schema: {
        body: z.object({ bankCode: qrBankCode, mode: z.enum(['fail', 'ok']) }),
        response: { 200: z.object({ message: z.string(), failing: z.array(qrBankCode) }) },
      },
    },
    async (request) => {
      sandbox.setFault(request.body.bankCode, request.body.mode);
      return { message: 'OK', failing: failingCodes() };
    },
  );
  app.delete('/sandbox/qr/faults', { schema: { response: { 200: successResponse } } }, async () => {
    sandbox.clearFaults();
    return { message: 'OK' };
  });

  app.post(
    '/sandbox/qr/:qrcodeId/pay',
    {
      schema: {
        params: qrcodeIdParams,
        response: { 200: webhookAnswer.extend({ paymentRef: z.string() }) },
      },
    },
    async (request) => {
      const qr = await findQrcode(db, request.params.qrcodeId);
      if (!qr) throw notFound('NO_DATA');
      const bankCode = qrBankCode.parse(qr.bank_code);
      const paid = await sandbox.pay(bankCode, qr.gateway_ref);
      if (!paid.ok) throw paid.reason === 'unknown' ? notFound('NO_DATA') : conflict('QR_FAIL');
      const outcome = await payments.receive(bankCode, paid.delivery);
      logHeld(request.log, bankCode, outcome);
      return { message: 'OK' as const, outcome, paymentRef: paid.paymentRef };
    },
  );
};
