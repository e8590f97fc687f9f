import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AlertProvider } from '@wallet/web-kit/ui/alert';
import { ToastProvider } from '@wallet/web-kit/ui/toast';
import type { ReactNode } from 'react';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AlertProvider>{children}</AlertProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
