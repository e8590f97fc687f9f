import { fromMinor } from '@wallet/contract/money';
import {
  type StatementEntry,
  type StatementType,
  statementLanguageQuery,
  statementListRequest,
  statementListResponse,
} from '@wallet/contract/statement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { contentLanguage } from '../../db/content-settings.ts';
import type { Database } from '../../db/schema.ts';
import { playerOf } from '../../http/auth.ts';
import { countStatements, depositChannels, linkedNames, pageStatements, withdrawalReasons } from './statement.repo.ts';

const LINKED_KINDS = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'] as const;

/** POST /api/statement: every movement of the player's money, newest first (SPEC §2 Statement). */
export const statementRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.post(
    '/api/statement',
    {
      schema: {
        querystring: statementLanguageQuery,
        body: statementListRequest,
        response: { 200: statementListResponse },
      },
    },
    async (request) => {
      const userId = playerOf(request).id;
      const { page, limit } = request.body;
      const [total, rows] = await Promise.all([
        countStatements(db, userId),
        pageStatements(db, userId, (page - 1) * limit, limit),
      ]);
      const [channels, reasons, names] = await Promise.all([
        depositChannels(
          db,
          rows.filter((row) => row.statement_type === 'deposit').map((row) => row.id),
        ),
        withdrawalReasons(
          db,
          rows.filter((row) => row.statement_type === 'withdraw').map((row) => row.id),
        ),
        linkedNames(db, rows, contentLanguage(request.query.lang)),
      ]);
      return {
        total,
        statements: rows.map((row): StatementEntry => {
          const entry: StatementEntry = {
            _id: row.id,
            statementType: row.statement_type as StatementType,
            from: row.from_code,
            to: row.to_code,
            amount: fromMinor(row.amount),
            status: row.status,
            createdAt: new Date(Number(row.created_at)).toISOString(),
          };
          const channel = channels.get(row.id);
          if (channel) entry.channel = channel;
          const reason = reasons.get(row.id);
          if (reason) entry.reason = reason;
          const kind = LINKED_KINDS.find((k) => k === row.linked_kind);
          if (kind && row.linked_description !== null) {
            const name = names.get(`${kind}:${row.linked_description}`);
            entry[kind] = { description: row.linked_description, ...(name ? { name } : {}) };
          }
          return entry;
        }),
      };
    },
  );
};
