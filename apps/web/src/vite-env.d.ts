/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_LAO_MODE?: string;
  readonly VITE_IFRAME_MODE?: string;
  readonly VITE_CUSTOM_HOST_PROVIDER?: string;
  readonly VITE_CUSTOM_HOST?: string;
  readonly VITE_PROVIDER_MESSAGE_CODE?: string;
  readonly VITE_PROVIDER_MESSAGE?: string;
  readonly VITE_CHAT_BACKEND_URL?: string;
  readonly VITE_APP_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
