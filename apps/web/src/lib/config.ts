import { QR_GATEWAYS } from '@wallet/contract/constants';

/** Build settings (Vite env, fixed at build time). Documented in apps/web/.env.example. */
export interface AppConfig {
  apiBaseUrl: string;
  laoMode: boolean;
  iframeMode: boolean;
  customHostProvider: string;
  customHost: string;
  providerMessageCode: string;
  providerMessage: string;
  paytimzMin: number;
  zpayMin: number;
  chatBackendUrl: string;
  appName: string;
}

type Env = Partial<Record<keyof ImportMetaEnv, string | undefined>>;

const flag = (value: string | undefined) => value?.trim().toLowerCase() === 'true';

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value?.trim() && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function readConfig(env: Env): AppConfig {
  return {
    apiBaseUrl: (env.VITE_API_BASE_URL ?? '').trim().replace(/\/+$/, ''),
    laoMode: flag(env.VITE_LAO_MODE),
    iframeMode: flag(env.VITE_IFRAME_MODE),
    customHostProvider: (env.VITE_CUSTOM_HOST_PROVIDER ?? '').trim(),
    customHost: (env.VITE_CUSTOM_HOST ?? '').trim(),
    providerMessageCode: (env.VITE_PROVIDER_MESSAGE_CODE ?? '').trim(),
    providerMessage: env.VITE_PROVIDER_MESSAGE ?? '',
    paytimzMin: positiveNumber(env.VITE_PAYTIMZ_MIN, QR_GATEWAYS.PAYTIMZ.minimum),
    zpayMin: positiveNumber(env.VITE_ZPAY_MIN, QR_GATEWAYS.ZPAY.minimum),
    chatBackendUrl: (env.VITE_CHAT_BACKEND_URL ?? '').trim(),
    appName: env.VITE_APP_NAME?.trim() || 'Lucky Wallet',
  };
}

/**
 * Mutable on purpose: tests flip laoMode to exercise both registration variants without rebuilding.
 * Application code only reads it.
 */
export const config: AppConfig = readConfig(import.meta.env);
