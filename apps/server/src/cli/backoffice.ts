/**
 * npm run backoffice -- create-operator --username <name> --role <role> [--password <password>]
 * Makes a back-office operator on the configured database, the first owner above all: the back office
 * has no sign-up, so someone with access to the server starts its staff. Exit 1 on failure.
 */
import { userInfo } from 'node:os';
import { createInterface } from 'node:readline';
import { OPERATOR_ROLES, OPERATOR_USERNAME_PATTERN, type OperatorRole } from '@wallet/contract/backoffice/roles';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '@wallet/contract/password-rule';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { systemClock } from '../lib/clock.ts';
import { DomainError } from '../lib/domain-error.ts';
import { randomId } from '../lib/ids.ts';
import { createStaffService } from '../modules/backoffice/staff.service.ts';
import { failed, invokedDirectly, parseCommandLine, UsageError } from './command-line.ts';

export const BACKOFFICE_USAGE = `usage: npm run backoffice -- create-operator --username <name> --role <role> [--password <password>]

Makes a back-office operator on the configured database (DATABASE_URL, else ./data/wallet.db).

  --username <name>     3-32 characters: lower-case letters, digits, . _ -
  --role <role>         ${OPERATOR_ROLES.join(', ')}
  --password <pw>       the password (at least ${PASSWORD_MIN_LENGTH} characters, not a common one); without it the
                        command asks for it, unseen, on the terminal
  -h, --help            this text`;

export type BackofficeCommand =
  | { kind: 'help' }
  | { kind: 'create-operator'; username: string; role: OperatorRole; password?: string | undefined };

export function parseBackofficeArgs(argv: string[]): BackofficeCommand {
  const parsed = parseCommandLine(argv, 'create-operator', {
    username: { type: 'string' },
    role: { type: 'string' },
    password: { type: 'string' },
  });
  if (parsed.help) return { kind: 'help' };
  const { values } = parsed;
  const username = values.username?.trim().toLowerCase();
  if (!username) throw new UsageError('--username is required');
  if (!OPERATOR_USERNAME_PATTERN.test(username)) {
    throw new UsageError(
      `--username must be 3-32 characters of a-z, 0-9, . _ - (starting with a letter or digit), not "${username}"`,
    );
  }
  if (!values.role) throw new UsageError('--role is required');
  const role = OPERATOR_ROLES.find((r) => r === values.role);
  if (!role) throw new UsageError(`--role must be one of ${OPERATOR_ROLES.join(', ')}, not "${values.role}"`);
  return { kind: 'create-operator', username, role, password: values.password };
}

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Asks for a secret without echoing it; undefined when there is no terminal to ask on. */
  askSecret?(question: string): Promise<string>;
}

function passwordRuleText(password: string): string | undefined {
  const problem = passwordProblem(password);
  if (problem === 'tooShort') return `the password needs at least ${PASSWORD_MIN_LENGTH} characters`;
  if (problem) return 'the password is one of the commonest ones; choose another';
  return undefined;
}

async function askPassword(io: CliIo): Promise<string> {
  if (!io.askSecret) throw new UsageError('no terminal to ask for the password on: pass --password');
  const password = await io.askSecret('Password: ');
  const problem = passwordRuleText(password);
  if (problem) throw new UsageError(problem);
  if ((await io.askSecret('Password again: ')) !== password) throw new UsageError('the two passwords differ');
  return password;
}

export async function runBackoffice(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  try {
    const command = parseBackofficeArgs(argv);
    if (command.kind === 'help') {
      io.out(BACKOFFICE_USAGE);
      return 0;
    }
    const password = command.password ?? (await askPassword(io));
    const problem = passwordRuleText(password);
    if (problem) throw new UsageError(problem);
    const config = loadConfig(env);
    const db = openDb(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
    try {
      await migrate(db);
      const staff = createStaffService({ db: db.kysely, dialect: db.dialect, clock: systemClock });
      // The audit log names who ran the command on the server, since no operator is signed in.
      const operator = await staff.createAccount(
        {
          operatorId: null,
          username: `command line (${safeUserName()})`,
          role: null,
          ip: 'local',
          requestId: `cli-${randomId(12)}`,
        },
        { username: command.username, role: command.role, password, reason: 'npm run backoffice -- create-operator' },
      );
      io.out(`operator ${operator.username} (${operator.role}) created, id ${operator.id}; sign in at /backoffice`);
      return 0;
    } finally {
      await db.close();
    }
  } catch (error) {
    if (error instanceof DomainError && error.code === 'OPERATOR_EXISTS') {
      io.err('backoffice: an operator with this username already exists');
      return 1;
    }
    return failed('backoffice', error, (line) => io.err(line));
  }
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** Reads a line from the terminal without showing what is typed. */
function askSecretOnTerminal(question: string): Promise<string> {
  return new Promise((resolveAnswer) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput(text: string): void };
    let asked = false;
    output._writeToOutput = (text) => {
      // The question is written once; everything after it is the typed secret, which stays unseen.
      if (!asked) process.stdout.write(text);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolveAnswer(answer);
    });
    asked = true;
  });
}

if (invokedDirectly(import.meta.url)) {
  const code = await runBackoffice(process.argv.slice(2), process.env, {
    out: (line) => console.info(line),
    err: (line) => console.error(line),
    ...(process.stdin.isTTY ? { askSecret: askSecretOnTerminal } : {}),
  });
  process.exit(code);
}
