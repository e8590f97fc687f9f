import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../lib/domain-error.ts';
import { createDomainEvents } from './domain-events.ts';

const trx = {} as Transaction<Database>;
const booked = { userId: 'u1', amount: 100_00, currency: 'THB', statementId: 's1', now: 1 };

describe('domain events', () => {
  it('runs in-transaction handlers in order and lets a refusal reach the publisher', async () => {
    const logged: unknown[] = [];
    const events = createDomainEvents((error) => logged.push(error));
    const seen: string[] = [];
    events.inTransaction('deposit.booked', async (_trx, event) => {
      seen.push(`first ${event.statementId}`);
    });
    events.inTransaction('deposit.booked', async () => {
      seen.push('second');
      throw new DomainError('BONUS_CONDITION');
    });
    const refused = await events.publish(trx, 'deposit.booked', booked).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'BONUS_CONDITION' });
    expect(seen).toEqual(['first s1', 'second']);
    expect(logged).toEqual([]);
  });

  it('publishes to nobody at no cost and without error', async () => {
    const events = createDomainEvents(() => {});
    const publishing = events.publish(trx, 'withdraw.requested', { ...booked, withdrawalId: 'w', walletAfter: 0 });
    await expect(publishing).resolves.toBeUndefined();
    expect(() => events.notify('game.refreshed', { userId: 'u1' })).not.toThrow();
  });

  it('logs what an after-commit handler throws or rejects with, and still runs the others', async () => {
    const logged: Array<[unknown, string]> = [];
    const events = createDomainEvents((error, event) => logged.push([error, event]));
    const told: number[] = [];
    const thrown = new Error('thrown');
    const rejected = new Error('rejected');
    events.afterCommit('wallet.changed', () => {
      throw thrown;
    });
    events.afterCommit('wallet.changed', async () => {
      throw rejected;
    });
    events.afterCommit('wallet.changed', ({ walletMinor }) => {
      told.push(walletMinor);
    });
    expect(() => events.notify('wallet.changed', { userId: 'u1', walletMinor: 500 })).not.toThrow();
    expect(told).toEqual([500]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toEqual([
      [thrown, 'wallet.changed'],
      [rejected, 'wallet.changed'],
    ]);
  });
});
