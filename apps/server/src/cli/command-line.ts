import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError } from '../config.ts';

type Options = NonNullable<ParseArgsConfig['options']>;
const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/** A mistake on the command line: the command prints it with a pointer to --help and exits 1. */
export class UsageError extends Error {}

/**
 * Our commands take one command word and options: -h/--help anywhere asks for the usage, an unknown
 * option or a second word is a UsageError, so a typo never runs with a default in its place.
 */
export function parseCommandLine<const O extends Options>(argv: string[], command: string, options: O) {
  let parsed: ReturnType<typeof parseOptions<O>>;
  try {
    parsed = parseOptions(argv, options);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  // values' type resolves only for the caller's options; help is always among them.
  if ((values as { help?: boolean }).help) return { help: true } as const;
  const [given, ...extra] = positionals;
  if (!given) throw new UsageError(`a command is required: ${command}`);
  if (given !== command) throw new UsageError(`unknown command "${given}"; the command is ${command}`);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  return { help: false, values } as const;
}

function parseOptions<const O extends Options>(argv: string[], options: O) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { ...options, ...HELP } as O & typeof HELP,
  });
}

/** Whether the module at `moduleUrl` is the script node was started with (not imported by a test). */
export function invokedDirectly(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === pathToFileURL(resolve(process.argv[1])).href;
}

/** Says why `npm run <command>` failed, on the error line, and gives its exit code. */
export function failed(command: string, error: unknown, err: (line: string) => void): number {
  if (error instanceof UsageError) {
    err(`${command}: ${error.message}\nrun "npm run ${command} -- --help" for usage`);
  } else if (error instanceof ConfigError) {
    err(error.message);
  } else {
    err(`${command}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return 1;
}
