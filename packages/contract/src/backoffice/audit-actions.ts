/**
 * What the audit log records, zod-free for the back-office app's filter. Later screens add their
 * actions here (money desk decisions, player actions, settings, promotions).
 */
export const AUDIT_ACTIONS = [
  /** A sign-in that succeeded, and one that did not (wrong password or code, disabled, locked out). */
  'operator.login',
  'operator.login_failed',
  'operator.logout',
  'operator.password_change',
  /** A new authenticator secret was made (not yet in force), and the first code from it put it in force. */
  'operator.totp_setup',
  'operator.totp_enable',
  'staff.create',
  'staff.disable',
  'staff.enable',
  'staff.reset_password',
  'staff.role',
  /** Players desk: every row targets the player, so the player page's history finds them. */
  'player.suspend',
  'player.reactivate',
  'player.sign_out',
  'player.reset_password',
  'player.bank_change_approve',
  'player.bank_change_refuse',
  /** A manual adjustment: booked at once, or created pending above the four-eyes threshold. */
  'player.adjustment_create',
  'player.adjustment_approve',
  'player.adjustment_refuse',
  /** Player protection applied by staff on the player's request (issue 20); never shortened or lifted. */
  'player.protection_timeout',
  'player.protection_exclusion',
  /** The whole service switched off or on (the back office's `npm run service`). */
  'settings.service',
  /** Deposit accounts, QR gateways, withdraw limits, manual mode, slip window, four-eyes threshold. */
  'settings.money',
  /** Support chat (the player widget and its console) switched on or off. */
  'settings.chat',
  /** One operator text in one language (notice, conditions, agreements, contact). */
  'content.text',
  /** The operator's name and website (lookup info); the contact's LINE fields, in every language at once. */
  'content.info',
  'content.line',
  'content.banner_create',
  'content.banner_update',
  'content.banner_delete',
  /** Money desk: an operator took or let go of a queue item (target: the item). */
  'money.claim',
  'money.release',
  /** Money desk decisions (target: the transfer, deposit notice, slip or withdrawal). */
  'transfer.credit',
  /** The first of two approvals a held transfer or slip needs (the second is transfer.credit / slip.approve). */
  'transfer.first_approval',
  'transfer.return',
  'manual_deposit.confirm',
  'manual_deposit.reject',
  'slip.approve',
  'slip.first_approval',
  'slip.reject',
  /** Four eyes: the first of two approvals of a withdrawal above the threshold; nothing is sent yet. */
  'withdrawal.first_approval',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.paid',
  'withdrawal.failed',
  /** Promotions (target: the bonus type or promotion code; invite and refund are settings). */
  'promotion.bonus_create',
  'promotion.bonus_update',
  'promotion.code_create',
  'promotion.code_update',
  'promotion.invite_settings',
  'promotion.refund_settings',
  'promotion.image_upload',
  /** Spin wheels (target: the wheel); an update of a spun wheel made a new version (after.version). */
  'spinwheel.wheel_create',
  'spinwheel.wheel_update',
  'spinwheel.wheel_active',
  'spinwheel.wheel_delete',
  /** A claimed non-cash prize handed over (target: the coupon). */
  'spinwheel.coupon_fulfil',
  /** Chat console (target: the conversation; canned replies target the reply). */
  'chat.claim',
  'chat.assign',
  'chat.reply',
  'chat.note',
  'chat.end',
  'chat.canned_create',
  'chat.canned_update',
  'chat.canned_delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit row is about; `player` rows are what the player filter finds. */
export const AUDIT_TARGET_TYPES = [
  'operator',
  'player',
  'transfer',
  'withdrawal',
  'slip',
  'deposit',
  'setting',
  'banner',
  'bonus',
  'promotion_code',
  'spin_wheel',
  'spin_coupon',
  'chat_conversation',
  'canned_reply',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Audit pages: newest first, this many rows unless the query asks for another size. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;
