import type { AuditAction, AuditTargetType } from '@wallet/contract/backoffice/audit-actions';
import { BANNER_IMAGE_MAX_BYTES } from '@wallet/contract/backoffice/content';
import type {
  BonusTypeCreatePayload,
  BonusTypeView,
  InviteSettingsView,
  PromotionBanners,
  PromotionCodeCreatePayload,
  PromotionCodeView,
  PromotionReportResponse,
  RefundSettingsView,
} from '@wallet/contract/backoffice/promotions';
import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import { LANGUAGES, type Language } from '@wallet/contract/constants';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { getSetting, putSetting, serializeSettingsWrites } from '../../db/settings.repo.ts';
import { type BannerStorage, bannerImageFile, bannerImagePath, bannerImageType } from '../../lib/banner-images.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, notFound, refused } from '../../lib/domain-error.ts';
import { sanitizeOperatorHtml } from '../../lib/html-sanitizer.ts';
import { randomId } from '../../lib/ids.ts';
import {
  DEFAULT_INVITE_SETTINGS,
  DEFAULT_REFUND_SETTINGS,
  INVITE_SETTINGS_KEY,
  type InviteSettings,
  REFUND_SETTINGS_KEY,
  type RefundSettings,
} from './invite-refund.service.ts';
import * as repo from './promotions.repo.ts';

/** Who acts, from where (the shape the back office's audit log records). */
export interface PromotionsActor {
  operatorId: string;
  username: string;
  role: OperatorRole | null;
  ip: string;
  requestId: string;
}

export interface PromotionsAuditChange {
  action: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null | undefined;
}

export interface PromotionsAdminDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  clock: Clock;
  /** The home banners' image store (/media/banners): one upload path for every banner image. */
  banners: BannerStorage;
  /** The back office's audit log, written in the transaction of the change (app.ts hands it over). */
  recordAudit(
    trx: Transaction<Database>,
    actor: PromotionsActor,
    change: PromotionsAuditChange,
    now: number,
  ): Promise<void>;
}

type BonusInput = Omit<BonusTypeCreatePayload, 'reason'>;
type PromotionInput = Omit<PromotionCodeCreatePayload, 'reason'>;
type PerLanguage = Record<Language, string>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const msOf = (value: string | null | undefined) => (value ? Date.parse(value) : null);

/**
 * Per-language values are stored without the languages the operator left empty: the player side reads
 * the asked language and falls back to Thai only when it is absent, so an empty Lao text must not be
 * stored as "" (Lao players would see nothing instead of the Thai text).
 */
function storedTexts(texts: PerLanguage, clean: (text: string) => string): Partial<PerLanguage> {
  const stored: Partial<PerLanguage> = {};
  for (const language of LANGUAGES) {
    const value = clean(texts[language] ?? '');
    if (value !== '') stored[language] = value;
  }
  return stored;
}

/** Operator HTML shown to players holds nothing that runs once saved (the content module's sanitiser). */
const cleanTexts = (texts: PerLanguage) => storedTexts(texts, sanitizeOperatorHtml);
const trimmed = (texts: PerLanguage) => storedTexts(texts, (text) => text.trim());
function cleanBanners(banners: PromotionBanners): Partial<PromotionBanners> {
  const stored: Partial<PromotionBanners> = {};
  for (const language of LANGUAGES) {
    const list = (banners[language] ?? []).map((banner) => ({
      image: banner.image,
      html: sanitizeOperatorHtml(banner.html),
    }));
    if (list.length > 0) stored[language] = list;
  }
  return stored;
}

function parseJson<T>(json: string, fallback: T): T {
  try {
    return { ...fallback, ...(JSON.parse(json) as T) };
  } catch {
    return fallback;
  }
}
const EMPTY_TEXTS: PerLanguage = { th: '', lo: '', en: '' };
/** Thrown inside a settings transaction to roll back a save that changed nothing. */
const UNCHANGED = Symbol('unchanged');
const EMPTY_BANNERS: PromotionBanners = { th: [], lo: [], en: [] };

function bonusView(row: repo.BonusRow): BonusTypeView {
  return {
    code: row.code,
    names: parseJson(row.names, EMPTY_TEXTS),
    notices: parseJson(row.notices, EMPTY_TEXTS),
    banners: parseJson(row.banners, EMPTY_BANNERS),
    limitType: row.limit_type,
    maxReceived: Number(row.max_received),
    kind: row.kind,
    value: Number(row.value),
    maxBonus: Number(row.max_bonus),
    minDeposit: Number(row.min_deposit),
    percentSuccess: Number(row.percent_success),
    percentFail: Number(row.percent_fail),
    turnoverMultiple: Number(row.turnover_multiple),
    maxWithdraw: Number(row.max_withdraw),
    expiresAt: iso(row.expires_at),
    enabled: Number(row.enabled) === 1,
    sortOrder: Number(row.sort_order),
    createdAt: new Date(Number(row.created_at)).toISOString(),
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
}

function promotionView(row: repo.PromotionCodeRow): PromotionCodeView {
  return {
    code: row.code,
    descriptions: parseJson(row.descriptions, EMPTY_TEXTS),
    kind: row.kind,
    value: Number(row.value),
    maxBonus: Number(row.max_bonus),
    minDeposit: Number(row.min_deposit),
    percentSuccess: Number(row.percent_success),
    percentFail: Number(row.percent_fail),
    turnoverMultiple: Number(row.turnover_multiple),
    maxWithdraw: Number(row.max_withdraw),
    maxRedemptions: Number(row.max_redemptions),
    maxPerPlayer: Number(row.max_per_player),
    redeemed: Number(row.redeemed),
    validFrom: iso(row.valid_from),
    validTo: iso(row.valid_to),
    enabled: Number(row.enabled) === 1,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
}

/** The columns of a bonus type as the form states them, HTML sanitised. */
function bonusColumns(input: BonusInput, now: number): Omit<repo.BonusRow, 'code' | 'created_at'> {
  return {
    names: JSON.stringify(trimmed(input.names)),
    notices: JSON.stringify(cleanTexts(input.notices)),
    banners: JSON.stringify(cleanBanners(input.banners)),
    limit_type: input.limitType,
    max_received: input.maxReceived,
    kind: input.kind,
    value: input.value,
    max_bonus: input.maxBonus,
    min_deposit: input.minDeposit,
    percent_success: input.percentSuccess,
    percent_fail: input.percentFail,
    turnover_multiple: input.turnoverMultiple,
    max_withdraw: input.maxWithdraw,
    expires_at: msOf(input.expiresAt),
    enabled: input.enabled ? 1 : 0,
    sort_order: input.sortOrder,
    updated_at: now,
  };
}

function promotionColumns(
  input: PromotionInput,
  now: number,
): Omit<repo.PromotionCodeRow, 'code' | 'created_at' | 'redeemed'> {
  return {
    descriptions: JSON.stringify(cleanTexts(input.descriptions)),
    kind: input.kind,
    value: input.value,
    max_bonus: input.maxBonus,
    min_deposit: input.minDeposit,
    percent_success: input.percentSuccess,
    percent_fail: input.percentFail,
    turnover_multiple: input.turnoverMultiple,
    max_withdraw: input.maxWithdraw,
    max_redemptions: input.maxRedemptions,
    max_per_player: input.maxPerPlayer,
    valid_from: msOf(input.validFrom),
    valid_to: msOf(input.validTo),
    enabled: input.enabled ? 1 : 0,
    updated_at: now,
  };
}

/** What the audit log keeps of a view: everything but the timestamps of the row itself. */
function auditState<T extends { createdAt: string; updatedAt: string }>(view: T) {
  const { createdAt: _created, updatedAt: _updated, ...rest } = view;
  return rest;
}

const NO_LANGUAGE_BANNERS: PromotionBanners = EMPTY_BANNERS;
const withAllLanguages = (banners: Partial<PromotionBanners> | undefined): PromotionBanners => ({
  ...NO_LANGUAGE_BANNERS,
  ...banners,
});

/**
 * Marketing's side of promotions: bonus types, promotion codes, the invite and refund programmes, and
 * finance's cost report. Each change writes its audit row (before and after) in its own transaction;
 * the player routes read the same rows and settings, so a change holds at once for the next call.
 */
export function createPromotionsAdmin(deps: PromotionsAdminDeps) {
  const { db, clock } = deps;

  async function listBonuses(): Promise<{ items: BonusTypeView[] }> {
    return { items: (await repo.listAllBonuses(db)).map(bonusView) };
  }

  async function createBonus(actor: PromotionsActor, input: BonusInput, reason?: string) {
    const now = clock.now();
    const row: repo.BonusRow = { code: input.code, created_at: now, ...bonusColumns(input, now) };
    try {
      await db.transaction().execute(async (trx) => {
        if (await repo.findBonus(trx, input.code)) throw conflict('CODE_EXISTS', 'code');
        await repo.insertBonus(trx, row);
        await deps.recordAudit(
          trx,
          actor,
          {
            action: 'promotion.bonus_create',
            targetType: 'bonus',
            targetId: row.code,
            after: auditState(bonusView(row)),
            reason,
          },
          now,
        );
      });
    } catch (error) {
      // Two operators creating the same code at once: the primary key decides, the loser hears why.
      if (isUniqueViolation(error, 'bonuses')) throw conflict('CODE_EXISTS', 'code');
      throw error;
    }
    return { bonus: bonusView(row) };
  }

  async function updateBonus(actor: PromotionsActor, code: string, input: Omit<BonusInput, 'code'>, reason?: string) {
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const before = await repo.findBonus(trx, code);
      if (!before) throw notFound('NO_DATA');
      const after: repo.BonusRow = { ...before, ...bonusColumns({ ...input, code }, now) };
      const [was, is] = [auditState(bonusView(before)), auditState(bonusView(after))];
      if (JSON.stringify(was) === JSON.stringify(is)) return { bonus: bonusView(before) };
      await repo.updateBonus(trx, code, bonusColumns({ ...input, code }, now));
      await deps.recordAudit(
        trx,
        actor,
        { action: 'promotion.bonus_update', targetType: 'bonus', targetId: code, before: was, after: is, reason },
        now,
      );
      return { bonus: bonusView(after) };
    });
  }

  async function listPromotions(): Promise<{ items: PromotionCodeView[] }> {
    return { items: (await repo.listAllPromotions(db)).map(promotionView) };
  }

  async function createPromotion(actor: PromotionsActor, input: PromotionInput, reason?: string) {
    const now = clock.now();
    const row: repo.PromotionCodeRow = {
      code: input.code,
      created_at: now,
      redeemed: 0,
      ...promotionColumns(input, now),
    };
    try {
      await db.transaction().execute(async (trx) => {
        if (await repo.findPromotion(trx, input.code)) throw conflict('CODE_EXISTS', 'code');
        await repo.insertPromotion(trx, row);
        await deps.recordAudit(
          trx,
          actor,
          {
            action: 'promotion.code_create',
            targetType: 'promotion_code',
            targetId: row.code,
            after: auditState(promotionView(row)),
            reason,
          },
          now,
        );
      });
    } catch (error) {
      if (isUniqueViolation(error, 'promotion_codes')) throw conflict('CODE_EXISTS', 'code');
      throw error;
    }
    return { promotion: promotionView(row) };
  }

  async function updatePromotion(
    actor: PromotionsActor,
    code: string,
    input: Omit<PromotionInput, 'code'>,
    reason?: string,
  ) {
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const before = await repo.findPromotion(trx, code);
      if (!before) throw notFound('NO_DATA');
      const columns = promotionColumns({ ...input, code }, now);
      const after: repo.PromotionCodeRow = { ...before, ...columns };
      // The redemption count moves under players' feet; it is not the operator's change.
      const state = (row: repo.PromotionCodeRow) => {
        const { redeemed: _redeemed, ...rest } = auditState(promotionView(row));
        return rest;
      };
      const [was, is] = [state(before), state(after)];
      if (JSON.stringify(was) === JSON.stringify(is)) return { promotion: promotionView(before) };
      await repo.updatePromotion(trx, code, columns);
      await deps.recordAudit(
        trx,
        actor,
        {
          action: 'promotion.code_update',
          targetType: 'promotion_code',
          targetId: code,
          before: was,
          after: is,
          reason,
        },
        now,
      );
      return { promotion: promotionView(after) };
    });
  }

  async function readInvite(k: Kysely<Database>): Promise<InviteSettingsView> {
    const stored = { ...DEFAULT_INVITE_SETTINGS, ...(await getSetting<InviteSettings>(k, INVITE_SETTINGS_KEY)) };
    return {
      enabled: stored.enabled,
      percent: stored.percent,
      percentSuccess: stored.percentSuccess,
      percentFail: stored.percentFail,
      banners: withAllLanguages(stored.banners as Partial<PromotionBanners>),
    };
  }

  async function readRefund(k: Kysely<Database>): Promise<RefundSettingsView> {
    const stored = { ...DEFAULT_REFUND_SETTINGS, ...(await getSetting<RefundSettings>(k, REFUND_SETTINGS_KEY)) };
    return {
      enabled: stored.enabled,
      period: stored.period,
      percent: stored.percent,
      minimum: stored.minimum,
      cap: stored.cap,
      percentSuccess: stored.percentSuccess,
      percentFail: stored.percentFail,
      info: { ...EMPTY_TEXTS, ...stored.info },
      banners: withAllLanguages(stored.banners as Partial<PromotionBanners>),
    };
  }

  /**
   * One settings form saved whole, with its audit row (the form as the back office reads it, before and
   * after); saving what is already there writes nothing.
   */
  async function saveSetting<T>(
    actor: PromotionsActor,
    key: string,
    action: AuditAction,
    read: (k: Kysely<Database>) => Promise<T>,
    stored: unknown,
    reason?: string,
  ): Promise<T> {
    const now = clock.now();
    await db
      .transaction()
      .execute(async (trx) => {
        await serializeSettingsWrites(trx, deps.dialect);
        const before = await read(trx);
        await putSetting(trx, key, stored, now);
        const after = await read(trx);
        // Nothing changed: the transaction rolls back the identical write, and no audit row is made.
        if (JSON.stringify(before) === JSON.stringify(after)) throw UNCHANGED;
        await deps.recordAudit(
          trx,
          actor,
          { action, targetType: 'setting', targetId: key, before, after, reason },
          now,
        );
      })
      .catch((error: unknown) => {
        if (error !== UNCHANGED) throw error;
      });
    return read(db);
  }

  const inviteSettings = () => readInvite(db);
  const refundSettings = () => readRefund(db);

  function saveInvite(actor: PromotionsActor, input: InviteSettingsView, reason?: string) {
    const value = {
      enabled: input.enabled,
      percent: input.percent,
      percentSuccess: input.percentSuccess,
      percentFail: input.percentFail,
      banners: cleanBanners(input.banners),
    };
    return saveSetting(actor, INVITE_SETTINGS_KEY, 'promotion.invite_settings', readInvite, value, reason);
  }

  function saveRefund(actor: PromotionsActor, input: RefundSettingsView, reason?: string) {
    const value = {
      enabled: input.enabled,
      period: input.period,
      percent: input.percent,
      minimum: input.minimum,
      cap: input.cap,
      percentSuccess: input.percentSuccess,
      percentFail: input.percentFail,
      info: cleanTexts(input.info),
      banners: cleanBanners(input.banners),
    };
    return saveSetting(actor, REFUND_SETTINGS_KEY, 'promotion.refund_settings', readRefund, value, reason);
  }

  /**
   * Stores a banner image where the home banners' go (/media/banners) and answers its address for a
   * banner's image field. Its type comes from its bytes; nothing links to it until a form is saved.
   */
  async function uploadImage(actor: PromotionsActor, image: Buffer): Promise<{ image: string }> {
    const type = bannerImageType(image);
    if (!type || image.length > BANNER_IMAGE_MAX_BYTES) throw refused('IMAGE_INVALID', 'image');
    const now = clock.now();
    const file = bannerImageFile(randomId(16), type);
    await deps.banners.save(file, image);
    try {
      await db.transaction().execute(async (trx) => {
        await deps.recordAudit(
          trx,
          actor,
          {
            action: 'promotion.image_upload',
            targetType: 'banner',
            targetId: file,
            after: { image: bannerImagePath(file) },
          },
          now,
        );
      });
    } catch (error) {
      await deps.banners.remove(file);
      throw error;
    }
    return { image: bannerImagePath(file) };
  }

  async function report(window: {
    from?: string | undefined;
    to?: string | undefined;
  }): Promise<PromotionReportResponse> {
    const rows = (
      await repo.costReport(db, {
        ...(window.from ? { from: Date.parse(window.from) } : {}),
        ...(window.to ? { to: Date.parse(window.to) } : {}),
      })
    ).map((row) => ({ ...row, netCost: row.credited - row.forfeited }));
    const totals = new Map<string, PromotionReportResponse['totals'][number]>();
    for (const row of rows) {
      const total = totals.get(row.currency) ?? {
        currency: row.currency,
        players: 0,
        taken: 0,
        credited: 0,
        forfeited: 0,
        withdrawn: 0,
        netCost: 0,
      };
      // Players are counted per row: one player who took two bonuses counts in each row, and once here.
      total.taken += row.taken;
      total.credited += row.credited;
      total.forfeited += row.forfeited;
      total.withdrawn += row.withdrawn;
      total.netCost += row.netCost;
      totals.set(row.currency, total);
    }
    const players = await repo.costPlayers(db, {
      ...(window.from ? { from: Date.parse(window.from) } : {}),
      ...(window.to ? { to: Date.parse(window.to) } : {}),
    });
    for (const [currency, count] of players) {
      const total = totals.get(currency);
      if (total) total.players = count;
    }
    return { rows, totals: [...totals.values()] };
  }

  return {
    listBonuses,
    createBonus,
    updateBonus,
    listPromotions,
    createPromotion,
    updatePromotion,
    inviteSettings,
    refundSettings,
    saveInvite,
    saveRefund,
    uploadImage,
    report,
  };
}
export type PromotionsAdmin = ReturnType<typeof createPromotionsAdmin>;
