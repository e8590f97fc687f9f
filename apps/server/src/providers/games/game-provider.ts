/**
 * A game provider as the wallet sees it (DESIGN §4). Amounts are integer minor units. Every money call
 * carries our own reference and is idempotent on it at the provider, so a retry after a timeout can
 * never pay twice, and `transferStatus` can tell afterwards whether a call we lost track of happened.
 */
export interface GameProvider {
  readonly code: string;
  /** Opens the player's account at the provider. `playerId` is stable, so a retry returns the same account. */
  activate(playerId: string): Promise<GameCredentials>;
  getBalance(username: string): Promise<number>;
  /** Credits the provider account (money leaving our wallet). Returns the provider balance afterwards. */
  deposit(username: string, amount: number, ref: string): Promise<{ balance: number }>;
  /** Debits the provider account (money coming back to our wallet). Refuses more than the balance. */
  withdraw(username: string, amount: number, ref: string): Promise<{ balance: number }>;
  /** Whether a deposit or withdraw with this reference took effect at the provider. */
  transferStatus(ref: string): Promise<'done' | 'not_found'>;
  getLoginAccount(username: string): Promise<GameCredentials>;
  resetPassword(username: string): Promise<GameCredentials>;
  /** Links that open the game for this account; null where the provider has no such client. */
  launch(account: GameCredentials): Promise<GameLaunch>;
  /** For the auto-login providers of SPEC §2: a one-time link that signs the player straight in. */
  autoLogin(username: string, password: string | undefined): Promise<string>;
  /**
   * What the account bet since a moment (minor units), where the provider reports turnover; bonus
   * turnover conditions count it (DESIGN §5). Absent: the provider does not report it.
   */
  turnover?(username: string, since: number): Promise<number>;
}

export interface GameCredentials {
  username: string;
  password: string;
  /** Hidden form fields some providers' login forms need (SPEC §3 `event`). */
  event: Record<string, string>;
}

export interface GameLaunch {
  web: string | null;
  android: string | null;
  ios: string | null;
}

/**
 * `rejected`: the provider answered and refused; nothing happened there (safe to reverse our side).
 * `unavailable`: no answer or a timeout; the outcome is unknown until `transferStatus` says.
 */
export class GameProviderError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'GameProviderError';
  }
}

/** The providers the wallet can reach, by code. Only catalogue codes resolve. */
export interface GameProviders {
  get(code: string): GameProvider | undefined;
}
