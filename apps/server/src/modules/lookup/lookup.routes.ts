import { QR_BANK_CODES, type QrBankCode } from '@wallet/contract/constants';
import { depositLookupResponse } from '@wallet/contract/deposit';
import {
  activeResponse,
  agreementsResponse,
  banksResponse,
  conditionsResponse,
  contactResponse,
  enableChatWidgetResponse,
  homeBannersResponse,
  howtoTextResponse,
  infoResponse,
  lookupLanguageQuery,
  noticeResponse,
  registerOtpResponse,
  slipLookupResponse,
  sourcesResponse,
  withdrawLimitsResponse,
} from '@wallet/contract/lookup';
import { fromMinor } from '@wallet/contract/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  CONTENT_KEYS,
  type ContactContent,
  contentLanguage,
  type DepositContent,
  type InfoContent,
  qrGatewayEnabled,
  qrGatewayMinimumMinor,
  qrGatewaySettings,
  type SlipWindowContent,
  type WithdrawLimitsContent,
} from '../../db/content-settings.ts';
import type { Database } from '../../db/schema.ts';
import { getSetting } from '../../db/settings.repo.ts';
import { inDailyWindow } from '../../lib/bangkok-time.ts';
import type { Clock } from '../../lib/clock.ts';
import { getLocalizedContent, homeBanners, listBanks, listSources } from './lookup.repo.ts';

export interface LookupOptions {
  db: Kysely<Database>;
  clock: Clock;
  laoMode: boolean;
  registerOtp: boolean;
  /** The operator's setting (the demo seed turns it on) or ENABLE_CHAT_WIDGET. */
  enableChatWidget: () => Promise<boolean>;
  /** Each QR gateway's minimum (minor units) where the operator set none: SPEC §9 or the environment's. */
  qrDefaultMinimumsMinor: Record<QrBankCode, number>;
}

/** Public lookups of SPEC §7. Content the operator has not set yet answers an empty value, never an error. */
export const publicLookupRoutes: FastifyPluginAsyncZod<LookupOptions> = async (app, opts) => {
  const { db } = opts;
  app.get('/api/lookup/active', { schema: { response: { 200: activeResponse } } }, async () => ({
    active: true as const,
  }));
  app.get('/api/lookup/banks', { schema: { response: { 200: banksResponse } } }, async () =>
    listBanks(db, opts.laoMode ? 'LA' : 'TH'),
  );
  const localized = { querystring: lookupLanguageQuery };
  app.get('/api/lookup/sources', { schema: { ...localized, response: { 200: sourcesResponse } } }, async (request) =>
    listSources(db, contentLanguage(request.query.lang)),
  );
  app.get('/api/lookup/info', { schema: { response: { 200: infoResponse } } }, async () => {
    return (await getSetting<InfoContent>(db, CONTENT_KEYS.info)) ?? { name: '', website: '' };
  });
  app.get('/api/lookup/contact', { schema: { ...localized, response: { 200: contactResponse } } }, async (request) => {
    const language = contentLanguage(request.query.lang);
    return (
      (await getLocalizedContent<ContactContent>(db, CONTENT_KEYS.contact, language)) ?? {
        contactText: '',
        lineLink: '',
        lineName: '',
        lineQR: '',
      }
    );
  });
  app.get(
    '/api/lookup/conditions',
    { schema: { ...localized, response: { 200: conditionsResponse } } },
    async (request) => ({
      conditions:
        (await getLocalizedContent<string[]>(db, CONTENT_KEYS.conditions, contentLanguage(request.query.lang))) ?? [],
    }),
  );
  app.get(
    '/api/lookup/agreements',
    { schema: { ...localized, response: { 200: agreementsResponse } } },
    async (request) => ({
      agreements:
        (await getLocalizedContent<string[]>(db, CONTENT_KEYS.agreements, contentLanguage(request.query.lang))) ?? [],
    }),
  );
  app.get('/api/lookup/notice', { schema: { ...localized, response: { 200: noticeResponse } } }, async (request) => ({
    notice: (await getLocalizedContent<string>(db, CONTENT_KEYS.notice, contentLanguage(request.query.lang))) ?? '',
  }));
  app.get('/api/lookup/howto', { schema: { ...localized, response: { 200: howtoTextResponse } } }, async (request) => ({
    howto: (await getLocalizedContent<string>(db, CONTENT_KEYS.howto, contentLanguage(request.query.lang))) ?? '',
  }));
  app.get('/api/lookup/withdraw', { schema: { response: { 200: withdrawLimitsResponse } } }, async () => {
    const limits = (await getSetting<WithdrawLimitsContent>(db, CONTENT_KEYS.withdrawLimits)) ?? {
      withdrawMinMinor: 100_00,
      withdrawMaxMinor: 50_000_00,
    };
    return { withdrawMin: fromMinor(limits.withdrawMinMinor), withdrawMax: fromMinor(limits.withdrawMaxMinor) };
  });
  app.get('/api/lookup/slip', { schema: { response: { 200: slipLookupResponse } } }, async () => {
    const window = await getSetting<SlipWindowContent>(db, CONTENT_KEYS.slipWindow);
    return { isOpen: !window || !inDailyWindow(opts.clock.now(), window.closedFrom, window.closedTo) };
  });
  app.get(
    '/api/lookup/banners',
    { schema: { ...localized, response: { 200: homeBannersResponse } } },
    async (request) => homeBanners(db, contentLanguage(request.query.lang)),
  );
  app.get('/api/lookup/registerOTP', { schema: { response: { 200: registerOtpResponse } } }, async () => ({
    registerOTP: opts.registerOtp,
  }));
  app.get('/api/lookup/enableChatWidget', { schema: { response: { 200: enableChatWidgetResponse } } }, async () => ({
    enableChatWidget: await opts.enableChatWidget(),
  }));
};

/** Lookups only a logged-in player may read: where to send money is not published to the world. */
export const playerLookupRoutes: FastifyPluginAsyncZod<LookupOptions> = async (app, { db, qrDefaultMinimumsMinor }) => {
  app.get('/api/lookup/deposit', { schema: { response: { 200: depositLookupResponse } } }, async () => {
    const content = (await getSetting<DepositContent>(db, CONTENT_KEYS.deposit)) ?? {
      banks: [],
      wallets: [],
      isManual: false,
    };
    // A QR gateway the operator switched off is not offered, though its account stays on file.
    const gateways = await qrGatewaySettings(db);
    const offered = content.banks.filter(
      (bank) => bank.bankType !== 'PAYMENT' || qrGatewayEnabled(gateways, bank.bankCode),
    );
    // The minimum the QR create call enforces, so the form never offers an amount it refuses.
    const qrMinimums = Object.fromEntries(
      QR_BANK_CODES.map((code) => [code, fromMinor(qrGatewayMinimumMinor(gateways, qrDefaultMinimumsMinor, code))]),
    ) as Record<QrBankCode, number>;
    return { ...content, banks: offered, qrMinimums };
  });
};
