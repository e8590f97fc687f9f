import '@fontsource/noto-sans-thai/thai-400.css';
import '@fontsource/noto-sans-thai/thai-700.css';
import '@fontsource/noto-sans-thai/latin-400.css';
import '@fontsource/noto-sans-thai/latin-700.css';
import '@/styles/backoffice.css';
import { setNavigator } from '@wallet/web-kit/lib/navigation';
import { AppProviders } from '@wallet/web-kit/ui/app-providers';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18n, initI18n } from '@/i18n/i18n';
import { createQueryClient } from './query-client';
import { createBackofficeRouter } from './router';

async function start() {
  // Texts must exist before the first paint, or the operator would see keys flash by.
  await initI18n();
  document.title = i18n.t('app.name');
  const router = createBackofficeRouter();
  // The HTTP client's redirects (invalid-token → sign-in) go through the router, inside its basename.
  setNavigator((path) => {
    void router.navigate(path, { replace: router.state.location.pathname === path });
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
