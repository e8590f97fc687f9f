import { createHash } from 'node:crypto';
import {
  BANNER_IMAGE_MAX_BYTES,
  type BannerKind,
  type BannerView,
  CONTENT_TEXT_KEYS,
  type ContactLine,
  type ContentTextKey,
  type ContentTextSaved,
  type ContentTextsResponse,
  contentTextIsList,
  LINE_QR_GENERATED,
  LINE_QR_GENERATED_PATTERN,
  type SiteDetailsResponse,
  type SiteInfo,
} from '@wallet/contract/backoffice/content';
import { LANGUAGES, type Language } from '@wallet/contract/constants';
import type { Kysely } from 'kysely';
import {
  CONTENT_KEYS,
  type ContactContent,
  type InfoContent,
  type LocalizedContentKey,
  localizedContentKey,
} from '../../db/content-settings.ts';
import {
  deleteHomeBanner,
  findHomeBanner,
  insertHomeBanner,
  listHomeBanners,
  updateHomeBanner,
} from '../../db/home-banners.repo.ts';
import type { HomeBannerRow } from '../../db/schema/home-banners.ts';
import type { Database } from '../../db/schema.ts';
import { getSetting, putSetting, serializeSettingsWrites } from '../../db/settings.repo.ts';
import { type BannerStorage, bannerImageFile, bannerImagePath, bannerImageType } from '../../lib/banner-images.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, refused } from '../../lib/domain-error.ts';
import { sanitizeOperatorHtml } from '../../lib/html-sanitizer.ts';
import { randomId } from '../../lib/ids.ts';
import { type AuditActor, recordAudit } from './audit.service.ts';

export interface ContentDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  clock: Clock;
  banners: BannerStorage;
}

const SETTING_OF: Record<ContentTextKey, LocalizedContentKey> = {
  notice: CONTENT_KEYS.notice,
  conditions: CONTENT_KEYS.conditions,
  agreements: CONTENT_KEYS.agreements,
  contact: CONTENT_KEYS.contact,
  howto: CONTENT_KEYS.howto,
};

type TextValue = string | string[];

/** A banner's editable fields, as the routes hand them over (already validated by the contract). */
export interface BannerInput {
  kind: BannerKind;
  link: string;
  sortOrder: number;
  enabled: boolean;
  altTh: string;
  altLo: string;
  altEn: string;
}

function toView(row: HomeBannerRow): BannerView {
  return {
    id: row.id,
    kind: row.kind as BannerKind,
    image: bannerImagePath(row.image_file),
    link: row.link,
    sortOrder: Number(row.sort_order),
    enabled: Number(row.enabled) === 1,
    alt: { th: row.alt_th, lo: row.alt_lo, en: row.alt_en },
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
}

/** What the audit log keeps of a banner: everything but timestamps. */
function auditState(row: HomeBannerRow) {
  const { created_at: _created, updated_at: _updated, ...rest } = row;
  return rest;
}

const NO_LINE: ContactLine = { lineName: '', lineLink: '', lineQR: '' };

function lineOf(contact: ContactContent | undefined | null): ContactLine {
  return contact ? { lineName: contact.lineName, lineLink: contact.lineLink, lineQR: contact.lineQR } : NO_LINE;
}

/**
 * The server-drawn QR's address carries a short digest of the link it draws: a changed link is a new
 * address, so no browser or proxy answers it with the picture of the old one.
 */
function generatedQrAddress(lineLink: string): string {
  return `${LINE_QR_GENERATED}?v=${createHash('sha256').update(lineLink).digest('hex').slice(0, 12)}`;
}

/**
 * The player-facing texts and the home banners and slides. HTML is sanitised here, on save, so what
 * is stored (and served to every player) holds nothing that runs; each change writes its audit row
 * in the same transaction.
 */
export function createContentService(deps: ContentDeps) {
  const { db, clock } = deps;

  /** The text as an operator edits it: contact's free text, the others as stored. */
  async function readText(k: Kysely<Database>, key: ContentTextKey, language: Language): Promise<TextValue | null> {
    const stored = await getSetting<unknown>(k, localizedContentKey(SETTING_OF[key], language));
    if (stored === undefined || stored === null) return null;
    if (key === 'contact') return (stored as ContactContent).contactText ?? '';
    if (contentTextIsList(key)) return Array.isArray(stored) ? (stored as string[]) : [];
    return typeof stored === 'string' ? stored : '';
  }

  async function listTexts(): Promise<ContentTextsResponse> {
    const items: ContentTextsResponse['items'] = [];
    for (const key of CONTENT_TEXT_KEYS) {
      for (const language of LANGUAGES) items.push({ key, language, value: await readText(db, key, language) });
    }
    return { items };
  }

  /**
   * Saves one text in one language. Lists (conditions, agreements) keep their non-empty paragraphs;
   * contact keeps its LINE fields (from this language, else Thai) and takes the new free text.
   */
  async function saveText(
    actor: AuditActor,
    key: ContentTextKey,
    language: Language,
    value: TextValue,
    reason?: string,
  ): Promise<ContentTextSaved> {
    if (contentTextIsList(key) !== Array.isArray(value)) throw refused('KEY_INVALID', 'value');
    const clean: TextValue = Array.isArray(value)
      ? value.map(sanitizeOperatorHtml).filter((paragraph) => paragraph !== '')
      : sanitizeOperatorHtml(value);
    const settingKey = localizedContentKey(SETTING_OF[key], language);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await serializeSettingsWrites(trx, deps.dialect);
      const before = await readText(trx, key, language);
      if (JSON.stringify(before) === JSON.stringify(clean)) return;
      if (key === 'contact') {
        const current =
          (await getSetting<ContactContent>(trx, settingKey)) ??
          (await getSetting<ContactContent>(trx, CONTENT_KEYS.contact));
        const contact: ContactContent = {
          lineLink: current?.lineLink ?? '',
          lineName: current?.lineName ?? '',
          lineQR: current?.lineQR ?? '',
          contactText: clean as string,
        };
        await putSetting(trx, settingKey, contact, now);
      } else {
        await putSetting(trx, settingKey, clean, now);
      }
      await recordAudit(
        trx,
        actor,
        { action: 'content.text', targetType: 'setting', targetId: settingKey, before, after: clean, reason },
        now,
      );
    });
    return { key, language, value: clean };
  }

  async function listBanners(): Promise<{ items: BannerView[] }> {
    return { items: (await listHomeBanners(db)).map(toView) };
  }

  /**
   * A new banner or slide. The image's type comes from its bytes; it is written to disk first (under a
   * new name nobody links to yet), then the row and its audit row; a failed insert removes the file.
   */
  async function createBanner(
    actor: AuditActor,
    input: BannerInput,
    image: Buffer,
    reason?: string,
  ): Promise<BannerView> {
    const type = bannerImageType(image);
    if (!type || image.length > BANNER_IMAGE_MAX_BYTES) throw refused('IMAGE_INVALID', 'image');
    const now = clock.now();
    const id = randomId(16);
    const file = bannerImageFile(id, type);
    const row: HomeBannerRow = {
      id,
      kind: input.kind,
      image_file: file,
      image_type: type,
      link: input.link,
      sort_order: input.sortOrder,
      enabled: input.enabled ? 1 : 0,
      alt_th: input.altTh,
      alt_lo: input.altLo,
      alt_en: input.altEn,
      created_at: now,
      updated_at: now,
    };
    await deps.banners.save(file, image);
    try {
      await db.transaction().execute(async (trx) => {
        await insertHomeBanner(trx, row);
        await recordAudit(
          trx,
          actor,
          { action: 'content.banner_create', targetType: 'banner', targetId: id, after: auditState(row), reason },
          now,
        );
      });
    } catch (error) {
      await deps.banners.remove(file);
      throw error;
    }
    return toView(row);
  }

  async function updateBanner(
    actor: AuditActor,
    id: string,
    input: Partial<Omit<BannerInput, 'kind'>>,
    reason?: string,
  ): Promise<BannerView> {
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const row = await findHomeBanner(trx, id);
      if (!row) throw notFound('NO_DATA');
      const changes: Partial<HomeBannerRow> = {
        ...(input.link !== undefined ? { link: input.link } : {}),
        ...(input.sortOrder !== undefined ? { sort_order: input.sortOrder } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
        ...(input.altTh !== undefined ? { alt_th: input.altTh } : {}),
        ...(input.altLo !== undefined ? { alt_lo: input.altLo } : {}),
        ...(input.altEn !== undefined ? { alt_en: input.altEn } : {}),
      };
      const updated: HomeBannerRow = { ...row, ...changes };
      if (JSON.stringify(auditState(row)) === JSON.stringify(auditState(updated))) return toView(row);
      updated.updated_at = now;
      await updateHomeBanner(trx, id, { ...changes, updated_at: now });
      await recordAudit(
        trx,
        actor,
        {
          action: 'content.banner_update',
          targetType: 'banner',
          targetId: id,
          before: auditState(row),
          after: auditState(updated),
          reason,
        },
        now,
      );
      return toView(updated);
    });
  }

  /** Deletes a banner; its image file goes once the row is gone (never while a player could still be sent it). */
  async function deleteBanner(actor: AuditActor, id: string, reason?: string): Promise<void> {
    const now = clock.now();
    const file = await db.transaction().execute(async (trx) => {
      const row = await findHomeBanner(trx, id);
      if (!row || !(await deleteHomeBanner(trx, id))) throw notFound('NO_DATA');
      await recordAudit(
        trx,
        actor,
        { action: 'content.banner_delete', targetType: 'banner', targetId: id, before: auditState(row), reason },
        now,
      );
      return row.image_file;
    });
    await deps.banners.remove(file);
  }

  async function readDetails(k: Kysely<Database>): Promise<SiteDetailsResponse> {
    const info = await getSetting<InfoContent>(k, CONTENT_KEYS.info);
    return {
      info: { name: info?.name ?? '', website: info?.website ?? '' },
      line: lineOf(await getSetting<ContactContent>(k, CONTENT_KEYS.contact)),
    };
  }

  /** The operator's name and website and the contact's LINE fields, as the back office edits them. */
  async function getDetails(): Promise<SiteDetailsResponse> {
    return readDetails(db);
  }

  /** Saves the name and website GET /api/lookup/info answers; an unchanged save writes nothing. */
  async function saveInfo(actor: AuditActor, info: SiteInfo, reason?: string): Promise<SiteInfo> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await serializeSettingsWrites(trx, deps.dialect);
      const before = (await readDetails(trx)).info;
      if (before.name === info.name && before.website === info.website) return;
      await putSetting(trx, CONTENT_KEYS.info, info, now);
      await recordAudit(
        trx,
        actor,
        { action: 'content.info', targetType: 'setting', targetId: CONTENT_KEYS.info, before, after: info, reason },
        now,
      );
    });
    return info;
  }

  /**
   * Saves the LINE fields into the contact of every language that has one (Thai always), keeping each
   * language's own text: a player reads the same LINE id whatever language they chose.
   */
  async function saveLine(actor: AuditActor, input: ContactLine, reason?: string): Promise<ContactLine> {
    const line: ContactLine = {
      ...input,
      lineQR: LINE_QR_GENERATED_PATTERN.test(input.lineQR) ? generatedQrAddress(input.lineLink) : input.lineQR,
    };
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await serializeSettingsWrites(trx, deps.dialect);
      const before = (await readDetails(trx)).line;
      if (JSON.stringify(before) === JSON.stringify(line)) return;
      for (const language of LANGUAGES) {
        const key = localizedContentKey(CONTENT_KEYS.contact, language);
        const current = await getSetting<ContactContent>(trx, key);
        if (!current && language !== 'th') continue;
        await putSetting(trx, key, { contactText: current?.contactText ?? '', ...line }, now);
      }
      await recordAudit(
        trx,
        actor,
        { action: 'content.line', targetType: 'setting', targetId: CONTENT_KEYS.contact, before, after: line, reason },
        now,
      );
    });
    return line;
  }

  return { listTexts, saveText, getDetails, saveInfo, saveLine, listBanners, createBanner, updateBanner, deleteBanner };
}
export type ContentService = ReturnType<typeof createContentService>;
