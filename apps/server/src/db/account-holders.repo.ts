import { normaliseAccountNo } from '@wallet/contract/bank-feed';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** A registered player whose bank account could be the one a bank reported. */
export interface AccountHolder {
  id: string;
  bankCode: string;
  currency: string | null;
}

/**
 * Registered players whose bank account could be `account` as a bank reported it, at most `limit`
 * (callers only need to know whether it is one player or several). A full number must equal the
 * registered one. A masked number (SMS notices, slips: `xxx-x-x5678-x`) is compared digit by digit,
 * aligned on the right as banks mask the front, so it matches any account whose visible positions
 * hold those digits. The bank code narrows the search when the bank gave it; without it every bank's
 * accounts count.
 *
 * It lives here, not in a feature's repo, because two features must read a bank's mask the same way:
 * the bank feed (whom to credit) and slips (does the sender also fit someone other than the uploader).
 */
export async function findAccountHolders(
  db: Kysely<Database>,
  account: { accountNo: string; bankCode?: string | undefined },
  limit: number,
): Promise<AccountHolder[]> {
  const digits = normaliseAccountNo(account.accountNo);
  const masked = /[xX*]/.test(digits);
  let query = db.selectFrom('users').select(['id', 'bank_code', 'currency']);
  query = masked
    ? query.where('bank_account_no', 'like', `%${digits.replace(/[xX*]/g, '_')}`)
    : query.where('bank_account_no', '=', digits);
  if (account.bankCode) query = query.where('bank_code', '=', account.bankCode);
  const rows = await query.limit(limit).execute();
  return rows.map((row) => ({ id: row.id, bankCode: row.bank_code, currency: row.currency }));
}
