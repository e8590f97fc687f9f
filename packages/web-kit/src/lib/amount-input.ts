import { fromMinor, MAX_API_AMOUNT, MINOR_UNITS_PER_MAJOR, toMinor } from '@wallet/contract/money-units';

/**
 * What players type and paste into an amount box, read the way Thai and Lao banking apps write money:
 * the comma groups thousands and is never a decimal point ("1,000" is a thousand baht), the point starts
 * the satang. Full-width, Thai and Lao digits, spaces and a baht sign or word around the number are
 * accepted; anything that could mean two amounts is refused with a reason rather than guessed. The
 * amount is counted in whole satang from the text itself, never through a float.
 */

/** Why a box's text is not an amount; each has a translated text under `amount.problem.`. */
export type AmountProblem = 'characters' | 'points' | 'decimals' | 'grouping' | 'tooLarge';

export type ParsedAmount =
  | { kind: 'empty' }
  | {
      kind: 'amount';
      /** Whole satang. */
      minor: number;
      /** The decimal the API takes. */
      amount: number;
      /** The text grouped by thousands, as the box shows it once the player leaves it. */
      text: string;
    }
  | {
      kind: 'invalid';
      problem: AmountProblem;
      /** The player may still be typing it ("1,00" on the way to "1,000"): say so only once they leave the box. */
      unfinished: boolean;
    };

/** The zero of each digit block read as 0-9: full-width, Thai, Lao. */
const DIGIT_ZEROS = [0xff10, 0x0e50, 0x0ed0];
const FULL_WIDTH: Record<string, string> = { '，': ',', '．': '.', '　': ' ' };
/** The baht sign or word before or after the number: what a banking app's copy button adds. */
const CURRENCY = /^(?:฿|thb|บาท|ບາດ)|(?:฿|thb|บาท|บ\.|ບາດ)$/giu;
const GROUPED = /^\d{1,3}(?:,\d{3})+$/;
const MAX_MINOR = MAX_API_AMOUNT * MINOR_UNITS_PER_MAJOR;

/** Full-width, Thai and Lao digits and marks as ASCII; everything else as it is. */
export function asciiDigits(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9);
    out += zero === undefined ? (FULL_WIDTH[char] ?? char) : String(code - zero);
  }
  return out;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function invalid(problem: AmountProblem, unfinished = false): ParsedAmount {
  return { kind: 'invalid', problem, unfinished };
}

export function parseAmount(input: string): ParsedAmount {
  const text = asciiDigits(input).trim().replace(CURRENCY, '').trim();
  if (text === '' || text === '.') return { kind: 'empty' };
  // Spaces inside the number group thousands the way commas do ("1 000").
  const number = text.replace(/\s+/g, ',');
  if (/[^\d.,]/.test(number)) return invalid('characters');
  const [whole = '', fraction, ...more] = number.split('.');
  if (more.length > 0) return invalid('points');
  if (fraction?.includes(',')) return invalid('grouping');
  if (whole.includes(',') && !GROUPED.test(whole)) {
    // "1,0" and "1,00" are on their way to "1,000"; "1,0000" or "12,5" are not.
    const lastGroup = whole.slice(whole.lastIndexOf(',') + 1);
    const typing =
      fraction === undefined && lastGroup.length < 3 && GROUPED.test(`${whole}${'0'.repeat(3 - lastGroup.length)}`);
    return invalid('grouping', typing);
  }
  if ((fraction ?? '').length > 2) return invalid('decimals');
  const digits = whole.replace(/,/g, '').replace(/^0+(?=\d)/, '') || '0';
  if (digits.length > String(MAX_API_AMOUNT).length) return invalid('tooLarge');
  const minor = Number(digits) * MINOR_UNITS_PER_MAJOR + Number((fraction ?? '').padEnd(2, '0'));
  if (minor > MAX_MINOR) return invalid('tooLarge');
  return { kind: 'amount', minor, amount: fromMinor(minor), text: amountInputTextOfMinor(minor, Boolean(fraction)) };
}

/** The amount a box holds, in baht for the API; 0 when it is empty or not an amount. */
export function amountOf(text: string): number {
  const parsed = parseAmount(text);
  return parsed.kind === 'amount' ? parsed.amount : 0;
}

function amountInputTextOfMinor(minor: number, withSatang: boolean): string {
  const whole = groupThousands(String(Math.trunc(minor / MINOR_UNITS_PER_MAJOR)));
  const satang = minor % MINOR_UNITS_PER_MAJOR;
  return withSatang || satang !== 0 ? `${whole}.${String(satang).padStart(2, '0')}` : whole;
}

/** An amount put into a box by the app (a quick amount, a balance, a saved limit): "1,000", "250.50". */
export function amountInputText(amount: number): string {
  return amountInputTextOfMinor(Math.max(0, toMinor(amount)), false);
}
