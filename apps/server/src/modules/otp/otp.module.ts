import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { otpRoutes } from './otp.routes.ts';
import { createOtpService, type OtpService } from './otp.service.ts';

/** SMS codes proving a phone: before registration, and for a forgotten password. */
export async function otpFeature(ctx: FeatureContext): Promise<
  FeatureRoutes & {
    verifications: Pick<OtpService, 'hasUsableVerification' | 'consumeVerification' | 'consumeResetVerification'>;
  }
> {
  const otp = createOtpService({
    db: ctx.db,
    clock: ctx.clock,
    sms: ctx.providers.sms,
    secret: ctx.secret,
    laoMode: ctx.config.laoMode,
    appName: ctx.appName,
    sendsPerIpPerHour: ctx.config.otpSendsPerIpPerHour,
    sendsPerHour: ctx.config.otpSendsPerHour,
  });
  return {
    public: async (app) => {
      await app.register(otpRoutes, { otp });
    },
    // Registration and password reset (the account feature) spend a verified phone; app.ts hands it these.
    verifications: otp,
  };
}
