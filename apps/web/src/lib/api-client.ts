import { createApiClient } from '@wallet/web-kit/api/client';
import { i18n } from '@/i18n/i18n';
import { config } from './config';
import { paths } from './paths';

/** The player app's one HTTP client (the back office makes its own from the same kit). */
export const api = createApiClient({
  baseUrl: config.apiBaseUrl,
  loginPath: paths.login,
  terminatedPath: paths.terminated,
  i18n,
});
