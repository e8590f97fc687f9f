/** Business constants of SPEC §9. Durations are in milliseconds unless the name says otherwise. */
export const APP_VERSION = '1.1.14';

export const REQUEST_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 300_000;
export const PHONE_LENGTH = 10;
export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_HISTORY_PAGE_SIZE = 10;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_MAX_MB = 10;
export const VIDEO_MAX_MB = 20;
export const SOCKET_RECONNECT_CHECK_MS = 5_000;
export const READ_MARK_DEBOUNCE_MS = 1_000;
export const REGISTER_REDIRECT_MS = 2_000;
export const TOAST_DURATION_MS = 4_000;
export const INVITE_BUBBLE_DELAY_MS = 100;
export const LOADER_DELAY_MS = 200;
export const AGREEMENT_MODAL_DELAY_MS = 1_500;
export const CLAIM_CONFIRM_DEBOUNCE_MS = 500;
export const RESIZE_DEBOUNCE_MS = 500;
export const STATEMENT_PAGE_SIZE = 10;
export const SLIP_PAGE_SIZE = 10;
export const INVITE_PAGE_SIZE = 10;
export const REFUND_PAGE_SIZE = 10;
export const COUPON_PAGE_SIZE = 3;
export const HOME_SLIDES = 6;
export const STATEMENT_PAGES_BEFORE = 3;
export const STATEMENT_PAGES_AFTER = 1;
export const DEFAULT_MIN_TRANSFER = 1;
export const ENGLISH_NAME_BANKS = ['KTB', 'TMB', 'BBL'] as const;
export const LAO_CURRENCIES = ['LAK', 'BAHT'] as const;
export type LaoCurrency = (typeof LAO_CURRENCIES)[number];
export const DATE_FORMAT = 'DD/MM/YYYY HH:mm:ss';
export const MONEY_DECIMALS = 2;
export const QR_COUNTDOWN_TICK_MS = 1_000;
export const BUSINESS_TIME_ZONE = 'Asia/Bangkok';

/** Relative time units of SPEC §9, largest first; a month counts as 30 days. */
export const RELATIVE_TIME_UNITS = [
  ['years', 365 * 24 * 3600],
  ['months', 30 * 24 * 3600],
  ['days', 24 * 3600],
  ['hours', 3600],
  ['minutes', 60],
  ['seconds', 1],
] as const;

export const QR_BANK_CODES = ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY'] as const;
export type QrBankCode = (typeof QR_BANK_CODES)[number];

/** Quick amounts and minimum per QR gateway (SPEC §9). KBANK takes any amount above 0. */
export const QR_GATEWAYS: Record<
  QrBankCode,
  {
    quickAmounts: readonly number[];
    minimum: number;
    minimumOverridable: boolean;
    /** The name as the brand writes it, the same in every language (a brand is not translated or spelled out). */
    brand: string;
  }
> = {
  KBANK: { quickAmounts: [10, 20, 50, 100, 500, 1000], minimum: 0.01, minimumOverridable: false, brand: 'KBank QR' },
  WW: { quickAmounts: [100, 200, 300, 500, 1000], minimum: 100, minimumOverridable: false, brand: 'WW Pay' },
  PAYONEX: { quickAmounts: [100, 200, 300, 500, 1000], minimum: 100, minimumOverridable: false, brand: 'Payonex' },
  PAYTIMZ: { quickAmounts: [10, 50, 100, 500, 1000], minimum: 10, minimumOverridable: true, brand: 'PayTimz' },
  ZPAY: { quickAmounts: [10, 50, 100, 500, 1000], minimum: 10, minimumOverridable: true, brand: 'ZPAY' },
};

export const SPIN_WHEEL = {
  maxSizePx: 350,
  windowWidthShare: 0.85,
  friction: 0.991,
  minExtraTurns: 3,
  maxExtraTurns: 5,
  minDurationS: 4,
  maxDurationS: 5,
  durationTurnFactor: 0.1,
  resultModalDelayMs: 2_000,
  losingSliceBrightness: 0.25,
} as const;

export const GIFT_LINK_MIN_DEPOSIT = 2;

/** Providers whose launch uses GET /api/autoLogin/{provider}/{username}[/{password}] (SPEC §2). */
export const AUTO_LOGIN_PROVIDERS = [
  'pg',
  'betflix',
  'askmebet',
  'imi',
  'usun',
  'areaslot',
  'circus',
  'slotracha',
  'pgslot',
  'joker2',
  'huayhd',
] as const;

export const LANGUAGES = ['th', 'lo', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Client storage keys of SPEC §3. */
export const STORAGE_KEYS = {
  token: 'token',
  locale: 'locale',
  inviteCode: 'code',
  rememberAgreement: 'remember-agreement',
  lastSync: 'last_sync',
  guestId: 'guest-id',
} as const;
/** The cookie holding the upper-cased language. */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The wallet tab's window name, set before a game opens: the demo game's "back to wallet" targets it, so it
 * returns to that tab instead of opening the wallet again inside the game's tab.
 */
export const WALLET_WINDOW_NAME = 'wallet';

/** Invite links are /register?code=PR{profile id}. */
export const INVITE_CODE_PREFIX = 'PR';

/**
 * Message of a 202 answer to a transfer whose game-provider outcome is unknown (designed here; SPEC's
 * catalogue has no code for it): the money is safe in the ledger and the next refresh settles it.
 */
export const TRANSFER_PENDING = 'TRANSFER_PENDING';
