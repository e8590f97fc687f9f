import { z } from 'zod';
import { text } from '../common.ts';
import { AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE_MAX } from './audit-actions.ts';
import { OPERATOR_ROLES } from './roles.ts';

export * from './audit-actions.ts';

const instant = z.iso.datetime({ offset: true });

/**
 * GET /api/backoffice/audit (and /audit.csv, or ?format=csv). Every filter is optional and they
 * combine: `operatorId` who acted, `action`, `targetType` + `targetId` what it was about (`playerId`
 * is short for targetType player), `from` inclusive and `to` exclusive. Newest first.
 */
export const auditQuery = z.object({
  operatorId: text().min(1).max(64).optional(),
  action: text().min(1).max(64).optional(),
  targetType: text().min(1).max(32).optional(),
  targetId: text().min(1).max(64).optional(),
  playerId: text().min(1).max(64).optional(),
  from: instant.optional(),
  to: instant.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE),
  format: z.enum(['json', 'csv']).default('json'),
});
export type AuditQuery = z.input<typeof auditQuery>;
/** The query as the server reads it, defaults applied. */
export type AuditQueryParsed = z.output<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** Null for a failed sign-in under a username no operator has. */
  operatorId: z.string().nullable(),
  operatorUsername: z.string(),
  operatorRole: z.enum(OPERATOR_ROLES).nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** For a player target, who it is (phone and name), so the log links a player rather than an id. */
  targetPlayer: z.object({ username: z.string(), name: z.string() }).nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  ip: z.string(),
  requestId: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  items: z.array(auditEntry),
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPage>;
