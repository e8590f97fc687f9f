import type { Generated } from 'kysely';
/** Tables of bonuses and promotion codes (migration 020). Money is minor units, times epoch ms. */

/** JSON object keyed th, lo, en. */
export type PerLanguageJson = string;

export interface BonusesTable {
  code: string;
  names: PerLanguageJson;
  notices: PerLanguageJson;
  /** JSON object keyed th, lo, en of [{image, html}]. */
  banners: PerLanguageJson;
  limit_type: 'limit' | 'day' | 'week';
  max_received: number;
  kind: 'percent' | 'fixed';
  value: number;
  max_bonus: number;
  min_deposit: number;
  percent_success: number;
  percent_fail: number;
  turnover_multiple: number;
  max_withdraw: number;
  expires_at: number | null;
  enabled: number;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

export interface PromotionCodesTable {
  code: string;
  descriptions: PerLanguageJson;
  kind: 'percent' | 'fixed';
  value: number;
  max_bonus: number;
  min_deposit: number;
  percent_success: number;
  percent_fail: number;
  turnover_multiple: number;
  max_withdraw: number;
  max_redemptions: number;
  max_per_player: number;
  redeemed: number;
  valid_from: number | null;
  valid_to: number | null;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export type UserBonusStatus = 'ACTIVE' | 'FAILED' | 'COMPLETED' | 'CLEARED';
/** spin: a spin-wheel coupon's bonus credit (issue 16). */
export type UserBonusSource = 'bonus' | 'promotion' | 'invite' | 'refund' | 'spin';

export interface UserBonusesTable {
  id: string;
  user_id: string;
  source: UserBonusSource;
  source_code: string;
  status: UserBonusStatus;
  currency: string;
  bonus_amount: number;
  start_credit: number;
  fail_credit: number;
  /** 0: no credit target. */
  target_credit: number;
  /** 0: no turnover needed. */
  turnover_required: number;
  /** Bets the providers reported since the bonus began (read at each refresh). */
  turnover: number;
  /** 0: no cap. */
  max_withdraw: number;
  percent_success: number;
  percent_fail: number;
  statement_id: string;
  finish_statement_id: string | null;
  forfeited: number;
  withdrawn: number;
  created_at: number;
  finished_at: number | null;
}

export interface InviteAccrualsTable {
  /** The referred player's deposit that earned it. */
  statement_id: string;
  inviter_id: string;
  invitee_id: string;
  amount: number;
  currency: string;
  created_at: number;
  claimed_at: number | null;
  user_bonus_id: string | null;
  /** The line's position in its inviter's list, 1 = the oldest; set by the database (migration 026). */
  inviter_seq: Generated<number | null>;
}

/** How many invite lines each inviter has, kept by the database as lines are inserted (migration 026). */
export interface InviteAccrualCountsTable {
  inviter_id: string;
  total: number;
}

export interface RefundClaimsTable {
  user_id: string;
  /** The first moment of the Bangkok day or week the refund is for. */
  period_start: number;
  net_loss: number;
  amount: number;
  user_bonus_id: string;
  created_at: number;
}

export interface PromotionTables {
  bonuses: BonusesTable;
  promotion_codes: PromotionCodesTable;
  user_bonuses: UserBonusesTable;
  invite_accruals: InviteAccrualsTable;
  invite_accrual_counts: InviteAccrualCountsTable;
  refund_claims: RefundClaimsTable;
}
