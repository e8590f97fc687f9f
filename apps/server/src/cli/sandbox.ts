/**
 * npm run sandbox -- bank-transfer --to <operator account no> --from <sender account no> --amount 100
 * Posts a signed transfer to a running server's bank feed, exactly as the bank would, and prints
 * what became of it in one line. Exit 1 on failure.
 */
import { existsSync } from 'node:fs';
import {
  BANK_FEED_PATH,
  type BankFeedResponse,
  type BankFeedTransfer,
  bankFeedResponse,
  bankFeedTransfer,
} from '@wallet/contract/bank-feed';
import { DEPOSIT_MODES, type DepositMode } from '@wallet/contract/deposit';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/database.ts';
import { orderedId } from '../lib/ids.ts';
import { readBankFeedSecret, signedDelivery } from '../providers/payments/bank-feed-signature.ts';
import { failed, invokedDirectly, parseCommandLine, UsageError } from './command-line.ts';

export const SANDBOX_USAGE = `usage: npm run sandbox -- bank-transfer --to <account no> --from <account no> --amount <baht> [options]

Posts one incoming bank transfer to the server's signed bank feed (${BANK_FEED_PATH}), as the bank would.

  --to <account no>     the operator's deposit account that received the money (see GET /api/lookup/deposit)
  --from <account no>   the sender's account: a player's registered account credits that player;
                        in SMS mode it may be masked, e.g. xxx-x-x5678-x
  --amount <baht>       amount with at most 2 decimals, e.g. 100 or 99.50
  --from-bank <code>    the sender's bank code, e.g. SCB (optional in the feed)
  --reference <ref>     the bank's transaction reference (default: a new one); repeat it to see a replay
  --mode AUTO|SMS       how the bank detected the transfer (default AUTO)
  --url <base url>      the running server (default http://127.0.0.1:$PORT, PORT from the environment or 8080)
  -h, --help            this text

The signing secret is BANK_WEBHOOK_SECRET when set, else the one the server generated in its database
(DATABASE_URL, else ./data/wallet.db).`;

export type SandboxCommand =
  | { kind: 'help' }
  | {
      kind: 'bank-transfer';
      to: string;
      from: string;
      amount: number;
      fromBank?: string | undefined;
      reference?: string | undefined;
      mode: DepositMode;
      url?: string | undefined;
    };

const AMOUNT_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;

/** Reads the command line; every mistake is a UsageError naming the option. */
export function parseSandboxArgs(argv: string[]): SandboxCommand {
  const parsed = parseCommandLine(argv, 'bank-transfer', {
    to: { type: 'string' },
    from: { type: 'string' },
    amount: { type: 'string' },
    'from-bank': { type: 'string' },
    reference: { type: 'string' },
    mode: { type: 'string' },
    url: { type: 'string' },
  });
  if (parsed.help) return { kind: 'help' };
  const { values } = parsed;
  for (const required of ['to', 'from', 'amount'] as const) {
    if (!values[required]) throw new UsageError(`--${required} is required`);
  }
  const amountText = values.amount as string;
  const amount = Number(amountText);
  if (!AMOUNT_PATTERN.test(amountText) || amount <= 0) {
    throw new UsageError(`--amount must be a positive number with at most 2 decimals, not "${amountText}"`);
  }
  const mode = (values.mode ?? 'AUTO').toUpperCase();
  if (!(DEPOSIT_MODES as readonly string[]).includes(mode)) {
    throw new UsageError(`--mode must be AUTO or SMS, not "${values.mode}"`);
  }
  if (values.url !== undefined && !/^https?:\/\/\S+$/.test(values.url)) {
    throw new UsageError(`--url must start with http:// or https://, not "${values.url}"`);
  }
  return {
    kind: 'bank-transfer',
    to: values.to as string,
    from: values.from as string,
    amount,
    fromBank: values['from-bank']?.toUpperCase(),
    reference: values.reference,
    mode: mode as DepositMode,
    url: values.url,
  };
}

const OPTION_OF_FIELD: Record<string, string> = {
  reference: '--reference',
  'to.accountNo': '--to',
  'from.accountNo': '--from',
  'from.bankCode': '--from-bank',
  amount: '--amount',
  mode: '--mode',
};

/** The feed payload for a parsed command, checked against the same schema the server uses. */
export function buildTransfer(
  command: Extract<SandboxCommand, { kind: 'bank-transfer' }>,
  nowMs: number,
): BankFeedTransfer {
  const candidate = {
    reference: command.reference ?? `CLI${orderedId(nowMs)}`,
    mode: command.mode,
    to: { accountNo: command.to },
    from: { accountNo: command.from, ...(command.fromBank ? { bankCode: command.fromBank } : {}) },
    amount: command.amount,
    transferredAt: new Date(nowMs).toISOString(),
  };
  const parsed = bankFeedTransfer.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    const option = OPTION_OF_FIELD[path] ?? path;
    const hint = path === 'from.accountNo' && command.mode === 'AUTO' ? ' (a masked number needs --mode SMS)' : '';
    throw new UsageError(`${option} is not valid: "${String(valueAt(candidate, path))}"${hint}`);
  }
  return parsed.data;
}

function valueAt(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value);
}

/** The secret to sign with: BANK_WEBHOOK_SECRET, else the one the server keeps in its database. */
async function signingSecret(env: NodeJS.ProcessEnv): Promise<string> {
  const config = loadConfig(env);
  if (config.bankWebhookSecret) return config.bankWebhookSecret;
  if (config.databaseUrl.startsWith('sqlite:')) {
    const file = config.databaseUrl.slice('sqlite:'.length);
    // Opening a missing SQLite file would create an empty database; say what is wrong instead.
    if (!existsSync(file)) throw new UsageError(`no database at ${file}: start the server once, or set DATABASE_URL`);
  }
  const db = openDb(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
  try {
    const secret = await readBankFeedSecret(db.kysely, undefined).catch(() => undefined);
    if (!secret) {
      throw new UsageError(
        'the database holds no bank webhook secret yet: start the server once (it generates one), or set BANK_WEBHOOK_SECRET',
      );
    }
    return secret;
  } finally {
    await db.close();
  }
}

export function describeOutcome(transfer: BankFeedTransfer, response: BankFeedResponse): string {
  const what = `${transfer.amount.toFixed(2)} from ${transfer.from.bankCode ?? '?'} ${transfer.from.accountNo} to ${transfer.to.accountNo}`;
  const notes: Record<BankFeedResponse['status'], string> = {
    CREDITED: 'credited to the sender’s wallet',
    UNMATCHED: 'no single registered sender; waits in the back office money desk (Unmatched transfers)',
    DUPLICATE: 'this bank transfer was already paid by another route',
    UNKNOWN_DESTINATION: 'not one of the operator’s deposit accounts; kept, not credited',
    RETURNED: 'sent back to the sender by an operator',
  };
  const repeated = response.repeated ? ' (reference already delivered: nothing moved)' : '';
  return `bank transfer ${response.reference}: ${response.status}${repeated}, ${what}: ${notes[response.status]}`;
}

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one command; resolves to the process exit code. */
export async function runSandbox(argv: string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  try {
    const command = parseSandboxArgs(argv);
    if (command.kind === 'help') {
      io.out(SANDBOX_USAGE);
      return 0;
    }
    const now = Date.now();
    const transfer = buildTransfer(command, now);
    const secret = await signingSecret(env);
    const base = (command.url ?? `http://127.0.0.1:${loadConfig(env).port}`).replace(/\/+$/, '');
    const { rawBody, headers } = signedDelivery(secret, transfer, now);
    let response: Response;
    try {
      response = await fetch(`${base}${BANK_FEED_PATH}`, {
        method: 'POST',
        headers,
        body: rawBody,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
      io.err(`bank transfer ${transfer.reference} not sent: cannot reach ${base} (${reason}); is the server running?`);
      return 1;
    }
    const text = await response.text();
    if (response.status !== 200) {
      const code = safeJson(text)?.message ?? text.slice(0, 200);
      const hint =
        response.status === 401 ? ': the signature was refused (secret or clock differs from the server)' : '';
      io.err(`bank transfer ${transfer.reference} refused: HTTP ${response.status} ${code}${hint}`);
      return 1;
    }
    const outcome = bankFeedResponse.safeParse(safeJson(text));
    if (!outcome.success) {
      io.err(`bank transfer ${transfer.reference}: unexpected answer from ${base}: ${text.slice(0, 200)}`);
      return 1;
    }
    io.out(describeOutcome(transfer, outcome.data));
    return 0;
  } catch (error) {
    return failed('sandbox', error, (line) => io.err(line));
  }
}

function safeJson(text: string): { message?: string } | undefined {
  try {
    return JSON.parse(text) as { message?: string };
  } catch {
    return undefined;
  }
}

if (invokedDirectly(import.meta.url)) {
  const code = await runSandbox(process.argv.slice(2), process.env, {
    out: (line) => console.info(line),
    err: (line) => console.error(line),
  });
  process.exit(code);
}
