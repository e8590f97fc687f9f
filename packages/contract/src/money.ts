import { z } from 'zod';
import { hasAtMostTwoDecimals, MAX_API_AMOUNT } from './money-units.ts';

/** The conversions live in money-units.ts, which has no Zod, so the apps can use them in their first load. */
export * from './money-units.ts';

/** A money amount as the API accepts it in a request body: finite, ≤ 2 decimals, within range. */
export const apiAmount = z
  .number()
  .refine(Number.isFinite, { message: 'KEY_INVALID' })
  .refine(hasAtMostTwoDecimals, { message: 'KEY_INVALID' })
  .refine((n) => Math.abs(n) <= MAX_API_AMOUNT, { message: 'KEY_INVALID' });

/** A money amount as the API returns it. */
export const moneyOut = z.number();
