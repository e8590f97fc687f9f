import '@fontsource/noto-sans-thai/thai-400.css';
import '@fontsource/noto-sans-thai/thai-700.css';
import '@fontsource/noto-sans-thai/latin-400.css';
import '@fontsource/noto-sans-thai/latin-700.css';
import '@/assets/fonts/noto-sans-lao.css';
import '@/styles/global.css';
import { AppProviders } from '@wallet/web-kit/ui/app-providers';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { OfflineScreen } from '@/features/pwa/components/offline-screen';
import { UpdatePrompt } from '@/features/pwa/components/update-prompt';
import { registerServiceWorker } from '@/features/pwa/lib/service-worker';
import { initI18n } from '@/i18n/i18n';
import { config } from '@/lib/config';
import { yieldToMain } from '@/lib/yield-to-main';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';

async function start() {
  document.title = config.appName;
  // Texts must exist before the first paint, or the player would see keys flash by.
  await initI18n();
  // The texts and the first render are each a long task on a slow phone; apart, neither blocks as long.
  await yieldToMain();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <OfflineScreen />
        <UpdatePrompt />
      </AppProviders>
    </StrictMode>,
  );
  registerServiceWorker();
}

void start();
