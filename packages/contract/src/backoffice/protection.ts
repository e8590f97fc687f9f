import { z } from 'zod';
import { text } from '../common.ts';
import { protectionView } from '../protection.ts';
import {
  EXCLUSION_MONTHS,
  PROTECTION_EVENT_KINDS,
  PROTECTION_REPORT_KINDS,
  PROTECTION_REPORT_PAGE_SIZE,
  PROTECTION_REPORT_PAGE_SIZE_MAX,
  PROTECTION_STATES,
  TIMEOUT_DAYS,
} from '../protection-rules.ts';

export * from '../protection-rules.ts';

const instant = z.string();
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(PROTECTION_REPORT_PAGE_SIZE_MAX).default(PROTECTION_REPORT_PAGE_SIZE);
const reason = text().trim().min(1).max(500);

/** One line of a player's protection history, newest first. */
export const protectionEvent = z.object({
  id: z.string(),
  at: instant,
  kind: z.enum(PROTECTION_EVENT_KINDS),
  /** day | week | month for limit events, null otherwise. */
  period: z.string().nullable(),
  /** The limit (or deposit) amount in baht; null for a removal and for non-money events. */
  amount: z.number().nullable(),
  /** Time-out / exclusion / cooling-off end. */
  endsAt: instant.nullable(),
  /** "player", or the operator's username when staff applied it on the player's request. */
  by: z.string(),
  /** The operator's reason, or the deposit route of a refused / held deposit. */
  detail: z.string().nullable(),
});
export type ProtectionEvent = z.infer<typeof protectionEvent>;

/** GET /api/backoffice/players/:id/protection?page&limit: the protection now and a page of its history. */
export const playerProtectionQuery = z.object({ page, limit });
export type PlayerProtectionQuery = z.input<typeof playerProtectionQuery>;

export const playerProtectionResponse = z.object({
  protection: protectionView,
  history: z.object({
    items: z.array(protectionEvent),
    total: z.number().int(),
    totalCapped: z.boolean(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
});
export type PlayerProtectionResponse = z.infer<typeof playerProtectionResponse>;

/**
 * POST /api/backoffice/players/:id/protection/timeout and …/exclusion: staff apply one on the player's
 * request (audited with the reason). Neither can shorten or lift one: a request ending before the
 * protection in force is refused with PROTECTION_ALREADY_LONGER.
 */
export const operatorTimeoutPayload = z.object({
  days: z.union(TIMEOUT_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<1>, z.ZodLiteral<7>, z.ZodLiteral<30>]),
  reason,
});
export type OperatorTimeoutPayload = z.input<typeof operatorTimeoutPayload>;

export const operatorExclusionPayload = z.object({
  months: z.union(EXCLUSION_MONTHS.map((m) => z.literal(m)) as [z.ZodLiteral<6>, z.ZodLiteral<12>, z.ZodLiteral<60>]),
  reason,
});
export type OperatorExclusionPayload = z.input<typeof operatorExclusionPayload>;

/** GET /api/backoffice/protection (and protection.csv, same query): players by the protection active now. */
export const protectionReportQuery = z.object({
  kind: z.enum(PROTECTION_REPORT_KINDS).default('any'),
  page,
  limit,
});
export type ProtectionReportQuery = z.input<typeof protectionReportQuery>;

export const protectionReportItem = z.object({
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  state: z.enum(PROTECTION_STATES),
  /** Time-out, exclusion or cooling-off end; null when open or closed. */
  restrictedUntil: instant.nullable(),
  /** Limits in force, baht, null for none. */
  dayLimit: z.number().nullable(),
  weekLimit: z.number().nullable(),
  monthLimit: z.number().nullable(),
  /** The latest protection change. */
  since: instant,
});
export type ProtectionReportItem = z.infer<typeof protectionReportItem>;

export const protectionReportResponse = z.object({
  items: z.array(protectionReportItem),
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ProtectionReportResponse = z.infer<typeof protectionReportResponse>;
