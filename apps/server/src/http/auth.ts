import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { forbidden, unauthenticated } from '../lib/domain-error.ts';
import { sha256 } from '../lib/ids.ts';
import { bindLogTo } from './logging.ts';

export interface Player {
  id: string;
  username: string;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    player: Player | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The same question as account.repo's findLiveSession, as a fixed SQL text: it is asked on every
 * player call, and the query builder would cost more than the indexed lookup itself.
 */
const liveSession = prepared<{ user_id: string; status: string; username: string }>(
  `select s.user_id, u.status, u.username from sessions s inner join users u on u.id = s.user_id
   where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2`,
);

/**
 * Registers the bearer-token check on every route of the plugin scope it is called in, so a whole
 * tree of /api routes is protected once instead of per route. A missing, forged, expired or revoked
 * token answers 401 {message:"invalid-token"}.
 */
export function requirePlayer(scope: FastifyInstance, db: Kysely<Database>, clock: Clock): void {
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token || token.length > 200) throw unauthenticated();
    const tokenHash = sha256(token);
    const session = await liveSession.first(db, [tokenHash, clock.now()]);
    if (!session) throw unauthenticated();
    if (session.status !== 'active') throw forbidden('INACTIVE_USER');
    request.player = { id: session.user_id, username: session.username, tokenHash };
    bindLogTo(request, { userId: session.user_id });
  });
}

/**
 * On a public route: the player whose live session token the request carries, or undefined (no token,
 * a bad or ended one). Never refuses; public answers that differ per player (banners) use it.
 */
export async function optionalPlayerId(
  request: FastifyRequest,
  db: Kysely<Database>,
  clock: Clock,
): Promise<string | undefined> {
  const token = bearerToken(request);
  if (!token || token.length > 200) return undefined;
  const session = await liveSession.first(db, [sha256(token), clock.now()]);
  return session?.user_id;
}

/** For handlers behind requirePlayer: the player is always there. */
export function playerOf(request: FastifyRequest): Player {
  if (!request.player) throw unauthenticated();
  return request.player;
}
