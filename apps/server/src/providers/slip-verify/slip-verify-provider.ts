/**
 * The bank's slip-verification service: given the sending bank and transaction reference read from a
 * slip's mini QR, it tells what the transfer really was. Real adapters (a bank's Open API) implement
 * this; the sandbox keeps its own table of transfers.
 */

export interface SlipTransferQuery {
  /** 3-digit Thai bank id from the mini QR. */
  sendingBankId: string;
  reference: string;
  /** The mini QR's text as read from the slip; vendors that take the whole code get this. */
  payload: string;
}

/** A slip image whose QR code the server could not read, for a vendor that reads images itself. */
export interface SlipImage {
  bytes: Buffer;
  contentType: string;
}

export interface SlipAccount {
  /** The app's bank code (KBANK, SCB…). */
  bankCode: string;
  /**
   * Account number as the bank reports it. Banks mask part of it (`xxx-x-x1234-x`); separators and
   * mask characters (x, X, *) may appear.
   */
  accountNo: string;
}

/** The sending account, with its holder's name when the bank tells it. */
export interface SlipSender extends SlipAccount {
  /**
   * The account holder as the bank reports it, often shortened (`นาย สมชาย ใ.`, `MR. SOMCHAI J`); null or
   * absent when the bank does not say.
   */
  name?: string | null;
}

export interface SlipTransfer {
  reference: string;
  /** Minor units (satang). */
  amount: number;
  /** Epoch ms. */
  transferredAt: number;
  sender: SlipSender;
  receiver: SlipAccount;
}

export interface SlipVerifyProvider {
  /** Short name for logs and metrics (sandbox, slipok, easyslip). */
  readonly name: string;
  /** The transfer behind a reference, or null when the bank knows no such transfer. */
  lookup(query: SlipTransferQuery): Promise<SlipTransfer | null>;
  /**
   * The transfer behind a slip image whose QR code the server could not read, or null when the vendor
   * finds no slip on it. Only vendors that read images implement it.
   */
  lookupImage?(image: SlipImage): Promise<SlipTransfer | null>;
}

/** The service could not answer now (down, timed out, refused us); asking again later may work. */
export class SlipVerifyUnavailable extends Error {
  /**
   * @param message why, in words an operator can act on (never a secret: it is stored on the slip).
   */
  constructor(message = 'slip verification service unavailable') {
    super(message);
    this.name = 'SlipVerifyUnavailable';
  }
}

const MASK_CHARS = new Set(['x', 'X', '*']);
/** A reported number with fewer visible digits than this proves nothing. */
const MIN_VISIBLE_DIGITS = 4;

/**
 * Whether an account number as a bank reports it (possibly masked) is the given full number: same
 * length, and every visible digit equal. Separators are ignored.
 */
export function accountMatches(reported: string, full: string): boolean {
  const shown = reported.replace(/[\s-]/g, '');
  const actual = full.replace(/[\s-]/g, '');
  if (shown.length !== actual.length || shown.length === 0) return false;
  let visible = 0;
  for (let i = 0; i < shown.length; i++) {
    const char = shown[i] as string;
    if (MASK_CHARS.has(char)) continue;
    if (char !== actual[i]) return false;
    visible += 1;
  }
  return visible >= Math.min(MIN_VISIBLE_DIGITS, actual.length);
}

/** Masks an account number the way Thai banks print it on slips: only four digits before the last show. */
export function maskAccountNo(accountNo: string): string {
  const digits = accountNo.replace(/[\s-]/g, '');
  const showFrom = Math.max(0, digits.length - 5);
  const showTo = Math.max(0, digits.length - 1);
  return [...digits].map((d, i) => (i >= showFrom && i < showTo ? d : 'x')).join('');
}

/** Titles banks print before a name; they say nothing about who holds the account. */
const NAME_TITLES =
  /^(?:นางสาว|นาง|นาย|น\.ส\.|ด\.ช\.|ด\.ญ\.|mrs\.?|mr\.?|ms\.?|miss)(?:\s+|(?<=\.)|(?=[\u0E00-\u0E7F]))/iu;

function nameWords(name: string): string[] {
  const bare = name.normalize('NFC').trim().toLowerCase().replace(NAME_TITLES, '');
  return bare
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/[x*]+$/i, ''))
    .filter((word) => word.length > 0);
}

/**
 * Whether the sender's name as a bank reports it can be the registered account name: the same first
 * name, and each further word the bank shows the start of the registered one's (banks shorten the
 * surname to a letter or mask its end). Titles, dots and case are ignored. An unknown or empty name
 * fits nobody: it proves nothing.
 */
export function accountNameFits(reported: string | null | undefined, registered: string): boolean {
  if (!reported) return false;
  const shown = nameWords(reported);
  const actual = nameWords(registered);
  if (shown.length === 0 || shown.length > actual.length || shown[0] !== actual[0]) return false;
  return shown.every((word, i) => (actual[i] as string).startsWith(word));
}

/** The holder's name as Thai banks print it on a slip: the first name and the surname's first letter. */
export function shortenAccountName(name: string): string {
  const words = name.trim().split(/\s+/);
  const last = words.length > 1 ? words.at(-1) : undefined;
  return last ? `${words[0]} ${[...last][0]}.` : (words[0] ?? '');
}
