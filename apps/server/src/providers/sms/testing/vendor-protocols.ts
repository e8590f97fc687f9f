import type { SmsFailure } from '../sms-provider.ts';
import { type FakeAnswer, json, type ReceivedRequest } from './fake-sms-vendor.ts';

/**
 * What each vendor's fake answers, from its published API (docs/providers.md cites them), and what
 * our adapter must make of each answer. The conformance suite plays every one of them.
 */
export interface VendorProtocol {
  /** The phone and text the vendor would deliver, read back from a request as the vendor reads it. */
  delivered(request: ReceivedRequest): { to: string; text: string };
  accepted(request: ReceivedRequest): FakeAnswer;
  /** Each documented refusal, and the failure our adapter reports for it. */
  refusals: { name: string; answer: FakeAnswer; failure: SmsFailure }[];
  /** The vendor's "slow down". */
  rateLimited: FakeAnswer;
  /** A success status whose body is not the documented JSON. */
  malformed: FakeAnswer;
  /** What the adapter reports for `malformed`: a gateway that promises nothing in its body is fine with it. */
  malformedFailure: SmsFailure | 'accepted';
}

const form = (request: ReceivedRequest) => new URLSearchParams(request.body);
const vendorError = (status: number, code: number, name: string, description: string) =>
  json(status, { error: { code, name, description } });

/**
 * ThaiBulkSMS API v2: 201 with the numbers taken (and their message ids) and the numbers refused, or a
 * 4xx with { error: { code, name, description } }. The codes below are this fake's, in the documented
 * shape: our adapter reads the HTTP status and the name, never a specific number.
 */
export const thaiBulkSmsProtocol: VendorProtocol = {
  delivered: (request) => ({ to: form(request).get('msisdn') ?? '', text: form(request).get('message') ?? '' }),
  accepted: (request) =>
    json(201, {
      remaining_credit: 99,
      total_use_credit: 1,
      credit_type: 'standard',
      phone_number_list: [{ number: form(request).get('msisdn'), message_id: 'tbs-msg-1', used_credit: 1 }],
      bad_phone_number_list: [],
    }),
  refusals: [
    {
      name: 'wrong key or secret',
      answer: vendorError(401, 401, 'UNAUTHORIZED', 'Invalid API key or secret'),
      failure: 'rejected',
    },
    {
      name: 'out of credit',
      answer: vendorError(400, 400, 'INSUFFICIENT_CREDIT', 'Your credit is not enough'),
      failure: 'rejected',
    },
    {
      name: 'sender name not approved',
      answer: vendorError(400, 400, 'INVALID_SENDER', 'Sender name is not allowed'),
      failure: 'rejected',
    },
    {
      name: 'a number it will not text',
      answer: json(201, {
        remaining_credit: 100,
        total_use_credit: 0,
        credit_type: 'standard',
        phone_number_list: [],
        bad_phone_number_list: [{ number: '66812345678', message: 'Invalid phone number' }],
      }),
      failure: 'bad-number',
    },
  ],
  rateLimited: vendorError(429, 429, 'TOO_MANY_REQUESTS', 'Too many requests'),
  malformed: { status: 201, body: '<html>gateway hiccup</html>' },
  malformedFailure: 'malformed-answer',
};

/** Movider: 200 with phone_number_list / bad_phone_number_list ({ number, msg }), or a 4xx error object. */
export const moviderProtocol: VendorProtocol = {
  delivered: (request) => ({ to: form(request).get('to') ?? '', text: form(request).get('text') ?? '' }),
  accepted: (request) =>
    json(200, {
      remaining_balance: 12.5,
      total_sms: 1,
      phone_number_list: [{ number: form(request).get('to'), message_id: 'mvd-msg-1', price: 0.02 }],
      bad_phone_number_list: [],
    }),
  refusals: [
    {
      name: 'wrong key or secret',
      answer: vendorError(401, 401, 'UNAUTHORIZED', 'Invalid api_key or api_secret'),
      failure: 'rejected',
    },
    {
      name: 'balance too low',
      answer: vendorError(402, 402, 'INSUFFICIENT_BALANCE', 'Your balance is not enough'),
      failure: 'rejected',
    },
    {
      name: 'a number it will not text',
      answer: json(200, {
        remaining_balance: 12.5,
        total_sms: 0,
        phone_number_list: [],
        bad_phone_number_list: [{ number: '66812345678', msg: 'Invalid number' }],
      }),
      failure: 'bad-number',
    },
  ],
  rateLimited: vendorError(429, 429, 'TOO_MANY_REQUESTS', 'Rate limit exceeded'),
  malformed: { status: 200, body: '{"phone_number_list": [' },
  malformedFailure: 'malformed-answer',
};

/** The generic gateway: JSON { to, text } with a bearer token; any 2xx means taken, its body unread. */
export const httpGatewayProtocol: VendorProtocol = {
  delivered: (request) => JSON.parse(request.body) as { to: string; text: string },
  accepted: () => json(202, { id: 'm1' }),
  refusals: [
    { name: 'wrong token', answer: json(401, { message: 'unauthorized' }), failure: 'rejected' },
    { name: 'bad request', answer: json(400, { message: 'bad phone' }), failure: 'rejected' },
  ],
  rateLimited: json(429, { message: 'slow down' }),
  malformed: { status: 200, body: 'OK, queued' },
  malformedFailure: 'accepted',
};
