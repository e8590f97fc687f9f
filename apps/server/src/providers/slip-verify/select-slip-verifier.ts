import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { createEasySlipVerifier, type EasySlipConfig } from './easyslip-slip-verify.ts';
import { createSandboxSlipVerifier, type SandboxSlipVerifier } from './sandbox-slip-verify.ts';
import type { SlipVerifyProvider } from './slip-verify-provider.ts';
import { createSlipOkVerifier, type SlipOkConfig } from './slipok-slip-verify.ts';
import { DEFAULT_VENDOR_HTTP } from './vendor-http.ts';

/** SLIP_VERIFIER and its vendor's variables, as config.ts reads them. */
export type SlipVerifierConfig =
  | { kind: 'sandbox' }
  | ({ kind: 'slipok' } & SlipOkConfig)
  | ({ kind: 'easyslip' } & EasySlipConfig);

export interface SelectedSlipVerifier {
  /** The verifier slips go to; undefined when none is configured (slips then wait for an operator). */
  verifier: SlipVerifyProvider | undefined;
  /** The sandbox bank, whose scripting routes exist only with sandbox providers on. */
  sandbox: SandboxSlipVerifier | undefined;
}

/**
 * SLIP_VERIFIER: the sandbox bank (the default, and only with sandbox providers on, as before), or a
 * real vendor. The sandbox bank's scripting routes stay while sandbox providers are on, whichever
 * verifier checks the slips.
 */
export function selectSlipVerifier(
  config: { slipVerifier: SlipVerifierConfig; sandboxProviders: boolean },
  db: Kysely<Database>,
  clock: Clock,
): SelectedSlipVerifier {
  const sandbox = config.sandboxProviders ? createSandboxSlipVerifier(db, clock) : undefined;
  const chosen = config.slipVerifier;
  if (chosen.kind === 'slipok') return { verifier: createSlipOkVerifier(chosen, DEFAULT_VENDOR_HTTP), sandbox };
  if (chosen.kind === 'easyslip') return { verifier: createEasySlipVerifier(chosen, DEFAULT_VENDOR_HTTP), sandbox };
  return { verifier: sandbox, sandbox };
}
