import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  type GameCredentials,
  type GameLaunch,
  type GameProvider,
  GameProviderError,
  type GameProviders,
} from './game-provider.ts';
import { createSandboxFaults, type FaultOperation, type SandboxFaults } from './sandbox-faults.ts';
import { createSandboxGameStore, type ProviderRow, type SpinResult, type TransferKind } from './sandbox-game-store.ts';
import { createSessionSigner, type SandboxSession } from './sandbox-session.ts';

/**
 * The built-in game service (DESIGN §4): one GameProvider per catalogue code, all keeping their own books
 * in sandbox_game_wallets / sandbox_game_transactions, and a demo slot page reached through signed links.
 * It behaves like a remote provider would: idempotent on our refs, refuses overdrafts, and can be told
 * to fail (faults) so the wallet's unhappy paths can be exercised.
 */

export interface SandboxGameInfo {
  code: string;
  name: string;
  logo: string;
  background: string;
}

export interface SandboxGames extends GameProviders {
  readonly codes: readonly string[];
  readonly faults: Pick<SandboxFaults, 'inject' | 'clear'>;
  /** The account a demo-page token names, or null when it is malformed, forged or expired. */
  verifySession(token: string): SandboxSession | null;
  /** Name and artwork for the demo page; undefined when the code is not served here. */
  describe(code: string): Promise<SandboxGameInfo | undefined>;
  /** The session's balance in minor units; undefined when the account no longer exists. */
  sessionBalance(session: SandboxSession): Promise<number | undefined>;
  /** Books one demo-slot round (bet out, win in, minor units) atomically; refuses a bet above the balance. */
  settleSpin(session: SandboxSession, bet: number, win: number): Promise<SpinResult>;
}

export interface SandboxGameDeps {
  db: Kysely<Database>;
  clock: Clock;
  secret: string;
  codes: readonly string[];
}

// Players type these into provider apps by hand: no l/1/i or o/0 to confuse.
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const PASSWORD_LENGTH = 10;
const PLAYER_ID = /^[A-Za-z0-9]{1,32}$/;
const MAX_REF_LENGTH = 128;

function newPassword(): string {
  let out = '';
  for (let i = 0; i < PASSWORD_LENGTH; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/** Hashing first gives equal-length inputs, so the comparison leaks neither content nor length. */
function samePassword(given: string, stored: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(stored));
}

/** Values a real provider's login form would carry in hidden inputs; stable per provider. */
function eventFor(provider: ProviderRow): Record<string, string> {
  const known: Record<string, string> = {
    agent: `LW${provider.code.toUpperCase().slice(0, 6)}`,
    lobby: 'main',
    currency: 'THB',
  };
  return Object.fromEntries(provider.eventFields.map((name) => [name, known[name] ?? `${provider.code}-${name}`]));
}

const rejected = (code: string, what: string) => new GameProviderError('rejected', `${code}: ${what}`);

export function createSandboxGameProviders(deps: SandboxGameDeps): SandboxGames {
  const { db, clock } = deps;
  const codes = [...deps.codes];
  const store = createSandboxGameStore(db);
  const faults = createSandboxFaults(codes);
  const sessions = createSessionSigner(deps.secret, clock);

  function playLink(code: string, username: string, client?: 'android' | 'ios'): string {
    const session = encodeURIComponent(sessions.issue(code, username));
    return `/sandbox/games/${encodeURIComponent(code)}/play?session=${session}${client ? `&client=${client}` : ''}`;
  }

  function makeProvider(code: string): GameProvider {
    /** Applies a queued fault around one operation, as a flaky network in front of the provider would. */
    async function faulty<T>(operation: FaultOperation, run: () => Promise<T>): Promise<T> {
      const fault = faults.take(code, operation);
      if (fault === 'reject') throw rejected(code, `${operation} refused (injected fault)`);
      if (fault === 'timeout') throw new GameProviderError('unavailable', `${code}: ${operation} timed out (injected)`);
      const result = await run();
      if (fault === 'apply-then-timeout') {
        throw new GameProviderError('unavailable', `${code}: ${operation} applied, answer lost (injected)`);
      }
      return result;
    }

    async function providerRow(): Promise<ProviderRow> {
      const row = await store.findProvider(code);
      if (!row) throw rejected(code, 'provider is not in the catalogue');
      return row;
    }

    async function wallet(username: string) {
      const found = await store.findWallet(code, username);
      if (!found) throw rejected(code, 'unknown account');
      return found;
    }

    async function credentials(username: string, password: string): Promise<GameCredentials> {
      return { username, password, event: eventFor(await providerRow()) };
    }

    async function move(kind: TransferKind, username: string, amount: number, ref: string) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw rejected(code, `${kind} amount must be positive`);
      if (ref.length === 0 || ref.length > MAX_REF_LENGTH) throw rejected(code, 'invalid reference');
      const result = await store.transfer(code, username, kind, amount, ref, clock.now());
      if (result.ok) return { balance: result.balance };
      const why = {
        unknown_account: 'unknown account',
        insufficient: 'balance too low',
        ref_conflict: 'reference already used for another transfer',
      } as const;
      throw rejected(code, `${kind} ${why[result.reason]}`);
    }

    return {
      code,
      activate: (playerId) =>
        faulty('activate', async () => {
          if (!PLAYER_ID.test(playerId)) throw rejected(code, 'invalid player id');
          const provider = await providerRow();
          // Our player ids use one case only (lib/ids.ts), so lower-casing cannot merge two players.
          const username = `${code}${playerId.toLowerCase()}`;
          const opened = await store.openWallet(code, username, newPassword(), clock.now());
          return { username, password: opened.password, event: eventFor(provider) };
        }),
      getBalance: (username) => faulty('getBalance', async () => (await wallet(username)).balance),
      deposit: (username, amount, ref) => faulty('deposit', () => move('deposit', username, amount, ref)),
      withdraw: (username, amount, ref) => faulty('withdraw', () => move('withdraw', username, amount, ref)),
      transferStatus: (ref) =>
        faulty('transferStatus', async () => ((await store.transferExists(code, ref)) ? 'done' : 'not_found')),
      getLoginAccount: async (username) => {
        const found = await wallet(username);
        return credentials(found.username, found.password);
      },
      resetPassword: (username) =>
        faulty('resetPassword', async () => {
          const password = newPassword();
          if (!(await store.setPassword(code, username, password, clock.now())))
            throw rejected(code, 'unknown account');
          return credentials(username, password);
        }),
      launch: async (account): Promise<GameLaunch> => {
        const provider = await providerRow();
        await wallet(account.username);
        return {
          web: provider.hasWeb ? playLink(code, account.username) : null,
          android: provider.hasAndroid ? playLink(code, account.username, 'android') : null,
          ios: provider.hasIos ? playLink(code, account.username, 'ios') : null,
        };
      },
      autoLogin: async (username, password) => {
        const found = await wallet(username);
        if (password !== undefined && !samePassword(password, found.password)) throw rejected(code, 'wrong password');
        return playLink(code, username);
      },
      turnover: (username, since) => store.betsSince(code, username, since),
    };
  }

  const providers = new Map(codes.map((code) => [code, makeProvider(code)]));

  return {
    codes,
    faults: { inject: faults.inject, clear: faults.clear },
    get: (code) => providers.get(code),
    verifySession: (token) => {
      const session = sessions.verify(token);
      return session && providers.has(session.code) ? session : null;
    },
    describe: async (code) => {
      if (!providers.has(code)) return undefined;
      const row = await store.findProvider(code);
      return row && { code: row.code, name: row.name, logo: row.logo, background: row.background };
    },
    sessionBalance: async (session) => (await store.findWallet(session.code, session.username))?.balance,
    settleSpin: async (session, bet, win) => {
      if (!Number.isSafeInteger(bet) || bet <= 0 || !Number.isSafeInteger(win) || win < 0) {
        throw new RangeError('bet must be a positive and win a non-negative integer of minor units');
      }
      return store.settleSpin(session.code, session.username, bet, win, clock.now());
    },
  };
}
