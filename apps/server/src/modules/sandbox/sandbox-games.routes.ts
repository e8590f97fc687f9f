import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { text } from '@wallet/contract/common';
import { apiAmount, fromMinor, toMinor } from '@wallet/contract/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_ROOT } from '../../config.ts';
import { notFound, refused, unauthenticated } from '../../lib/domain-error.ts';
import { FAULT_MODES, FAULT_OPERATIONS } from '../../providers/games/sandbox-faults.ts';
import type { SandboxGames } from '../../providers/games/sandbox-games.ts';
import { type SandboxSession, SESSION_MAX_LENGTH } from '../../providers/games/sandbox-session.ts';
import { buildPaytable, SLOT_SYMBOLS, spinOutcome } from '../../providers/games/sandbox-slot.ts';
import {
  type GameClient,
  pageLanguage,
  renderPlayPage,
  renderSessionErrorPage,
} from '../../providers/games/sandbox-slot-page.ts';

export interface SandboxGamesRoutesOptions {
  games: SandboxGames;
  /** Return to player of the demo slot, 0 < rtp ≤ 1 (config.sandboxGameRtp). */
  rtp: number;
  /** Where slot.js and slot.css live; defaults to apps/server/assets/sandbox-games. */
  assetsDir?: string;
}

const STATIC_FILES = {
  'slot.js': 'text/javascript; charset=utf-8',
  'slot.css': 'text/css; charset=utf-8',
} as const;

const sessionField = text().min(1).max(SESSION_MAX_LENGTH);
const positiveAmount = apiAmount.refine((n) => n > 0, { message: 'KEY_INVALID' });
const messageOut = z.object({ message: z.string() });

/**
 * The sandbox game service's own web face (DESIGN §4): the demo slot a launch link opens, the JSON calls
 * its script makes, and a door for tests to script provider failures. Registered only while sandbox
 * providers are enabled.
 */
export const sandboxGamesRoutes: FastifyPluginAsyncZod<SandboxGamesRoutesOptions> = async (app, options) => {
  const { games } = options;
  const paytable = buildPaytable(options.rtp);
  const assetsDir = options.assetsDir ?? resolve(SERVER_ROOT, 'assets', 'sandbox-games');
  const files = new Map(
    await Promise.all(
      Object.entries(STATIC_FILES).map(
        async ([name, type]) => [name, { type, body: await readFile(join(assetsDir, name)) }] as const,
      ),
    ),
  );

  const requireSession = (token: string): SandboxSession => {
    const session = games.verifySession(token);
    if (!session) throw unauthenticated();
    return session;
  };

  app.get(
    '/sandbox/games/assets/:file',
    { schema: { params: z.object({ file: text().max(40) }) } },
    async (request, reply) => {
      const file = files.get(request.params.file);
      if (!file) throw notFound('NO_DATA');
      return reply.type(file.type).header('cache-control', 'public, max-age=300').send(file.body);
    },
  );

  app.get(
    '/sandbox/games/:code/play',
    {
      schema: {
        params: z.object({ code: text().min(1).max(40) }),
        // Lenient on purpose: a broken link deserves the friendly page below, not a JSON error.
        querystring: z.object({
          session: text().max(4096).optional(),
          client: text().max(16).optional(),
          lang: text().max(16).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { session: token, client, lang: queryLang } = request.query;
      const lang = pageLanguage(queryLang, request.headers.cookie);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      const session = token ? games.verifySession(token) : null;
      const info = session && session.code === request.params.code ? await games.describe(session.code) : undefined;
      const balanceMinor = session && info ? await games.sessionBalance(session) : undefined;
      if (!token || !info || balanceMinor === undefined) {
        return reply.status(401).send(renderSessionErrorPage(lang));
      }
      const gameClient: GameClient = client === 'android' || client === 'ios' ? client : 'web';
      return reply.send(renderPlayPage({ lang, info, session: token, client: gameClient, balanceMinor, paytable }));
    },
  );

  app.get(
    '/sandbox/games/api/balance',
    {
      schema: {
        querystring: z.object({ session: sessionField }),
        response: { 200: z.object({ balance: z.number() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const balance = await games.sessionBalance(requireSession(request.query.session));
      if (balance === undefined) throw unauthenticated();
      return { balance: fromMinor(balance) };
    },
  );

  app.post(
    '/sandbox/games/api/spin',
    {
      schema: {
        body: z.object({ session: sessionField, bet: positiveAmount }),
        response: {
          200: z.object({ balance: z.number(), reels: z.array(z.enum(SLOT_SYMBOLS)).length(3), win: z.number() }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = requireSession(request.body.session);
      const bet = toMinor(request.body.bet);
      const outcome = spinOutcome(paytable);
      const win = bet * outcome.multiplier;
      const result = await games.settleSpin(session, bet, win);
      if (!result.ok) throw result.reason === 'insufficient' ? refused('MONEY_NOT_ENOUGH', 'bet') : unauthenticated();
      return { balance: fromMinor(result.balance), reels: outcome.reels, win: fromMinor(win) };
    },
  );

  app.post(
    '/sandbox/games/faults',
    {
      schema: {
        body: z.object({
          provider: text().min(1).max(40),
          operation: z.enum(FAULT_OPERATIONS),
          mode: z.enum(FAULT_MODES),
          times: z.number().int().min(1).max(1000).optional(),
        }),
        response: { 200: messageOut },
      },
    },
    async (request) => {
      const { provider, operation, mode, times } = request.body;
      if (!games.codes.includes(provider)) throw notFound('NO_GAME');
      games.faults.inject(provider, operation, mode, times);
      return { message: 'OK' };
    },
  );

  app.delete('/sandbox/games/faults', { schema: { response: { 200: messageOut } } }, async () => {
    games.faults.clear();
    return { message: 'OK' };
  });
};
