import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { playerAccountRoutes, publicAccountRoutes } from './account.routes.ts';
import { type AccountDeps, type AccountService, createAccountService } from './account.service.ts';
import { createPasswordResetService, type ResetVerifications } from './password-reset.service.ts';

export interface AccountNeeds {
  /** The OTP feature's verified phones, which registration spends while REGISTER_OTP is on. */
  verifications: AccountDeps['otp'] & ResetVerifications;
  onSessionsEnded: NonNullable<AccountDeps['onSessionsEnded']>;
}

/** Registration, login and sessions, the profile, the payout bank account and the password. */
export async function accountFeature(
  ctx: FeatureContext,
  needs: AccountNeeds,
): Promise<FeatureRoutes & { profiles: Pick<AccountService, 'getProfile'> }> {
  const { config } = ctx;
  const accounts = createAccountService({
    db: ctx.db,
    clock: ctx.clock,
    otp: needs.verifications,
    laoMode: config.laoMode,
    registerOtp: config.registerOtp,
    sessionTtlHours: config.sessionTtlHours,
    rememberTtlDays: config.rememberTtlDays,
    loginMaxFailures: config.loginMaxFailures,
    loginFailureWindowSeconds: config.loginFailureWindowSeconds,
    loginAccountMaxFailures: config.loginAccountMaxFailures,
    loginIpMaxFailures: config.loginIpMaxFailures,
    onSessionsEnded: needs.onSessionsEnded,
  });
  const resets = createPasswordResetService({
    db: ctx.db,
    clock: ctx.clock,
    resets: needs.verifications,
    onSessionsEnded: needs.onSessionsEnded,
  });
  return {
    public: async (app) => {
      await app.register(publicAccountRoutes, { accounts, resets });
    },
    player: async (app) => {
      await app.register(playerAccountRoutes, { accounts });
    },
    // The wallet answers the profile beside the money; app.ts hands it this.
    profiles: accounts,
  };
}
