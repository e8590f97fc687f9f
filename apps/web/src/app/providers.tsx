import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertProvider } from '@/ui/alert';
import { ToastProvider } from '@/ui/toast';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AlertProvider>{children}</AlertProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
