import { createApiClient } from '@wallet/web-kit/api/client';
import { i18n } from '@/i18n/i18n';
import { operatorToken } from './operator-token';
import { paths } from './paths';

/** The back office's one HTTP client: same origin, the operator's own token, sign-in on invalid-token. */
export const api = createApiClient({
  baseUrl: '',
  loginPath: paths.signIn,
  // The back office runs on while the player service is switched off; a stray gone still lands on sign-in.
  terminatedPath: paths.signIn,
  i18n,
  token: operatorToken,
});
