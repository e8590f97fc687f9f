/** Build settings (Vite env, fixed at build time). Documented in apps/web/.env.example. */
export interface AppConfig {
  apiBaseUrl: string;
  laoMode: boolean;
  iframeMode: boolean;
  customHostProvider: string;
  customHost: string;
  providerMessageCode: string;
  providerMessage: string;
  chatBackendUrl: string;
  appName: string;
}

type Env = Partial<Record<keyof ImportMetaEnv, string | undefined>>;

const flag = (value: string | undefined) => value?.trim().toLowerCase() === 'true';

export function readConfig(env: Env): AppConfig {
  return {
    apiBaseUrl: (env.VITE_API_BASE_URL ?? '').trim().replace(/\/+$/, ''),
    laoMode: flag(env.VITE_LAO_MODE),
    iframeMode: flag(env.VITE_IFRAME_MODE),
    customHostProvider: (env.VITE_CUSTOM_HOST_PROVIDER ?? '').trim(),
    customHost: (env.VITE_CUSTOM_HOST ?? '').trim(),
    providerMessageCode: (env.VITE_PROVIDER_MESSAGE_CODE ?? '').trim(),
    providerMessage: env.VITE_PROVIDER_MESSAGE ?? '',
    // Unset: the server that serves the app serves the chat socket too ('/'); set empty to keep it off.
    chatBackendUrl: (env.VITE_CHAT_BACKEND_URL ?? '/').trim(),
    appName: env.VITE_APP_NAME?.trim() || 'Lucky Wallet',
  };
}

/**
 * Mutable on purpose: tests flip laoMode to exercise both registration variants without rebuilding.
 * Application code only reads it.
 */
export const config: AppConfig = readConfig(import.meta.env);
