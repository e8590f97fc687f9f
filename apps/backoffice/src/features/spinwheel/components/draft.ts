import type { SpinSliceInput, SpinWheelPayload, SpinWheelView } from '@wallet/contract/backoffice/spinwheel';
import {
  type CostSlice,
  SPIN_BONUS_PRIZE_MAX,
  SPIN_COINS_PRIZE_MAX,
  SPIN_COLOR_PATTERN,
  SPIN_COUPON_DAYS_DEFAULT,
  SPIN_COUPON_DAYS_MAX,
  SPIN_PRIZE_TYPES,
  SPIN_SLICE_CODE_PATTERN,
  SPIN_SLICES_MAX,
  SPIN_SLICES_MIN,
  SPIN_STOCK_MAX,
  SPIN_WEIGHT_MAX,
  type SpinPrizeType,
} from '@wallet/contract/backoffice/spinwheel-rules';

/** The contract's LANGUAGES, kept here as its constants module is shared with the player app. */
export const TEXT_LANGUAGES = ['th', 'lo', 'en'] as const;
export type Texts = Record<(typeof TEXT_LANGUAGES)[number], string>;
const NO_TEXTS: Texts = { th: '', lo: '', en: '' };

/** The contract's MINOR_UNITS_PER_MAJOR (its module pulls Zod, which the back office keeps out of its chunks). */
const MINOR_UNITS_PER_MAJOR = 100;

/** One slice as the editor holds it: numbers as typed, so the operator can type freely. */
export interface SliceDraft {
  /** A React key that survives reordering and code edits. */
  key: string;
  code: string;
  labels: Texts;
  bgColor: string;
  textColor: string;
  htmlDescriptions: Texts;
  prizeType: SpinPrizeType;
  /** bonus: baht as typed; coins: whole coins; item: unused. */
  amount: string;
  itemNames: Texts;
  bonusCode: string;
  weight: string;
  /** Empty: unlimited. */
  stock: string;
  /** As saved (the stock field unchanged keeps what is left of it). */
  savedStock: number | null;
  savedRemaining: number | null;
}

export interface WheelDraft {
  names: Texts;
  startsAt: string;
  endsAt: string;
  active: boolean;
  couponValidDays: string;
  slices: SliceDraft[];
}

/** Colours that read well side by side, for slices the operator adds. */
const PALETTE = ['#dc2626', '#f59e0b', '#16a34a', '#2563eb', '#7c3aed', '#db2777', '#0891b2', '#65a30d'];

let keys = 0;
const nextKey = () => `slice-${++keys}`;

/** A new slice, coloured after the ones before it. */
export function newSlice(index: number): SliceDraft {
  return {
    key: nextKey(),
    code: `S${index + 1}`,
    labels: { ...NO_TEXTS },
    bgColor: PALETTE[index % PALETTE.length] ?? '#2563eb',
    textColor: '#ffffff',
    htmlDescriptions: { ...NO_TEXTS },
    prizeType: 'coins',
    amount: '1',
    itemNames: { ...NO_TEXTS },
    bonusCode: '',
    weight: '1',
    stock: '',
    savedStock: null,
    savedRemaining: null,
  };
}

export function textFromMinor(minor: number): string {
  const whole = Math.floor(minor / MINOR_UNITS_PER_MAJOR);
  const fraction = minor % MINOR_UNITS_PER_MAJOR;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
}

/** Baht typed with up to two decimals, in minor units; worked on the text, never through a float. */
export function minorFromText(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * MINOR_UNITS_PER_MAJOR + Number(fraction.padEnd(2, '0'));
}

export function wholeFromText(text: string): number | null {
  return /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : null;
}

/** An ISO moment as a datetime-local value in the operator's own time zone, and back. */
export function localFromIso(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function isoFromLocal(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function draftOf(wheel: SpinWheelView | null): WheelDraft {
  if (!wheel) {
    return {
      names: { ...NO_TEXTS },
      startsAt: '',
      endsAt: '',
      active: false,
      couponValidDays: String(SPIN_COUPON_DAYS_DEFAULT),
      slices: [newSlice(0), newSlice(1)],
    };
  }
  return {
    names: { ...wheel.names },
    startsAt: localFromIso(wheel.startsAt),
    endsAt: localFromIso(wheel.endsAt),
    active: wheel.active,
    couponValidDays: String(wheel.couponValidDays),
    slices: wheel.slices.map((slice) => ({
      key: nextKey(),
      code: slice.code,
      labels: { ...slice.labels },
      bgColor: slice.bgColor,
      textColor: slice.textColor,
      htmlDescriptions: { ...slice.htmlDescriptions },
      prizeType: slice.prizeType,
      amount:
        slice.prizeType === 'bonus'
          ? textFromMinor(slice.amount)
          : slice.prizeType === 'coins'
            ? String(slice.amount)
            : '',
      itemNames: { ...slice.itemNames },
      bonusCode: slice.bonusCode ?? '',
      weight: String(slice.weight),
      stock: slice.stock === null ? '' : String(slice.stock),
      savedStock: slice.stock,
      savedRemaining: slice.remaining,
    })),
  };
}

/** A slice's prize in the unit the server keeps: bonus minor units, whole coins, 0 for an item. */
function amountOf(slice: SliceDraft): number | null {
  if (slice.prizeType === 'item') return 0;
  if (slice.prizeType === 'bonus') return minorFromText(slice.amount);
  return wholeFromText(slice.amount);
}

/** Stock as it will be after the save: an unchanged field keeps what is left, a new number starts again. */
function remainingOf(slice: SliceDraft): number | null {
  if (slice.stock.trim() === '') return null;
  const stock = wholeFromText(slice.stock);
  if (stock === null) return null;
  if (stock === slice.savedStock) return slice.savedRemaining;
  return stock;
}

/**
 * The draft as expectedWheelCost reads it, while the operator types: a field not (yet) a number counts
 * as 0, so the figures follow every keystroke without waiting for the form to be valid.
 */
export function costSlicesOf(draft: WheelDraft): CostSlice[] {
  return draft.slices.map((slice) => ({
    prizeType: slice.prizeType,
    amount: amountOf(slice) ?? 0,
    weight: wholeFromText(slice.weight) ?? 0,
    remaining: remainingOf(slice),
  }));
}

/** What is wrong where: 'names', 'startsAt', …, and per slice `slices.<i>.<field>`; values are text keys. */
export type Problems = Record<string, string>;

function trimmed(texts: Texts): Texts {
  return { th: texts.th.trim(), lo: texts.lo.trim(), en: texts.en.trim() };
}

/** Checks the draft as the server would and builds the payload; any problem leaves the payload out. */
export function payloadOf(draft: WheelDraft): { payload?: SpinWheelPayload; problems: Problems } {
  const problems: Problems = {};
  const names = trimmed(draft.names);
  if (!names.th) problems.names = 'spinwheel.thaiRequired';
  const startsAt = isoFromLocal(draft.startsAt);
  const endsAt = isoFromLocal(draft.endsAt);
  if (startsAt && endsAt && startsAt >= endsAt) problems.endsAt = 'spinwheel.scheduleInvalid';
  const days = wholeFromText(draft.couponValidDays);
  if (days === null || days < 1 || days > SPIN_COUPON_DAYS_MAX) problems.couponValidDays = 'spinwheel.daysInvalid';
  if (draft.slices.length < SPIN_SLICES_MIN || draft.slices.length > SPIN_SLICES_MAX) {
    problems.slices = 'spinwheel.sliceCount';
  }
  const codes = new Set<string>();
  const slices: SpinSliceInput[] = draft.slices.map((slice, i) => {
    const at = (field: string) => `slices.${i}.${field}`;
    const code = slice.code.trim().toUpperCase();
    if (!SPIN_SLICE_CODE_PATTERN.test(code)) problems[at('code')] = 'spinwheel.codeInvalid';
    else if (codes.has(code)) problems[at('code')] = 'spinwheel.codeTaken';
    codes.add(code);
    const labels = trimmed(slice.labels);
    if (!labels.th) problems[at('labels')] = 'spinwheel.thaiRequired';
    for (const field of ['bgColor', 'textColor'] as const) {
      if (!SPIN_COLOR_PATTERN.test(slice[field])) problems[at(field)] = 'spinwheel.colorInvalid';
    }
    const amount = amountOf(slice);
    if (slice.prizeType === 'bonus' && (amount === null || amount < 1 || amount > SPIN_BONUS_PRIZE_MAX)) {
      problems[at('amount')] = 'spinwheel.bonusInvalid';
    }
    if (slice.prizeType === 'coins' && (amount === null || amount < 1 || amount > SPIN_COINS_PRIZE_MAX)) {
      problems[at('amount')] = 'spinwheel.coinsInvalid';
    }
    const itemNames = trimmed(slice.itemNames);
    if (slice.prizeType === 'item' && !itemNames.th) problems[at('itemNames')] = 'spinwheel.thaiRequired';
    const weight = wholeFromText(slice.weight);
    if (weight === null || weight > SPIN_WEIGHT_MAX) problems[at('weight')] = 'spinwheel.weightInvalid';
    const stock = slice.stock.trim() === '' ? null : wholeFromText(slice.stock);
    if (slice.stock.trim() !== '' && (stock === null || stock > SPIN_STOCK_MAX)) {
      problems[at('stock')] = 'spinwheel.stockInvalid';
    }
    return {
      code,
      labels,
      bgColor: slice.bgColor,
      textColor: slice.textColor,
      htmlDescriptions: slice.htmlDescriptions,
      prizeType: slice.prizeType,
      amount: amount ?? 0,
      itemNames: slice.prizeType === 'item' ? itemNames : { ...NO_TEXTS },
      bonusCode: slice.prizeType === 'bonus' && slice.bonusCode.trim() ? slice.bonusCode.trim().toUpperCase() : null,
      weight: weight ?? 0,
      stock,
    };
  });
  if (!problems.slices && !slices.some((slice) => slice.weight > 0)) problems.slices = 'spinwheel.noWeight';
  if (Object.keys(problems).length > 0) return { problems };
  return {
    problems,
    payload: {
      names,
      startsAt,
      endsAt,
      active: draft.active,
      couponValidDays: days ?? SPIN_COUPON_DAYS_DEFAULT,
      slices,
    },
  };
}

export { SPIN_PRIZE_TYPES, SPIN_SLICES_MAX, SPIN_SLICES_MIN };
