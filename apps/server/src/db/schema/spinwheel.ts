import type { Selectable } from 'kysely';

/** Tables of migration 023: spin wheels, their versioned slices, spins and coupons. Times epoch ms. */

export interface SpinWheelsTable {
  id: string;
  /** JSON {th, lo, en}. */
  names: string;
  starts_at: number | null;
  ends_at: number | null;
  /** 1 for at most one wheel. */
  active: number;
  coupon_valid_days: number;
  /** The current version: its slices are the ones drawn. */
  version: number;
  created_at: number;
  updated_at: number;
}

export interface SpinSlicesTable {
  wheel_id: string;
  version: number;
  code: string;
  position: number;
  labels: string;
  bg_color: string;
  text_color: string;
  html_descriptions: string;
  prize_type: 'bonus' | 'coins' | 'item';
  /** bonus: minor units; coins: whole coins; item: 0. */
  amount: number;
  item_names: string;
  bonus_code: string | null;
  weight: number;
  stock: number | null;
  remaining: number | null;
}

export interface SpinDrawsTable {
  id: string;
  user_id: string;
  wheel_id: string;
  version: number;
  slice_code: string;
  created_at: number;
}

export interface SpinCouponsTable {
  id: string;
  spin_id: string;
  user_id: string;
  wheel_id: string;
  version: number;
  slice_code: string;
  prize_type: 'bonus' | 'coins' | 'item';
  amount: number;
  status: 'open' | 'claimed' | 'fulfilled';
  expires_at: number;
  created_at: number;
  claimed_at: number | null;
  fulfilled_at: number | null;
  fulfilled_by: string | null;
}

export type SpinWheelRow = Selectable<SpinWheelsTable>;
export type SpinSliceRow = Selectable<SpinSlicesTable>;
export type SpinCouponRow = Selectable<SpinCouponsTable>;

export interface SpinWheelTables {
  spin_wheels: SpinWheelsTable;
  spin_slices: SpinSlicesTable;
  spin_draws: SpinDrawsTable;
  spin_coupons: SpinCouponsTable;
}
