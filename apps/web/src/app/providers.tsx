import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { type ReactNode, useEffect } from 'react';
import { sessionStore } from '../lib/session';
import { DownloadOverlay } from '../ui/download-overlay';
import { FeedbackBridge, TOAST_SECONDS } from '../ui/feedback';

dayjs.locale('pt-br');

export const theme: ThemeConfig = {
  token: { colorPrimary: '#0b5cad', colorLink: '#0b5cad', borderRadius: 6, fontSize: 14 },
};

/** Drops every cached answer when the session ends (logout, 401, another tab), so no data outlives its user. */
function useClearCacheOnSignOut(queryClient: QueryClient) {
  useEffect(() => {
    let signedIn = sessionStore.getUser() !== null;
    return sessionStore.subscribe(() => {
      const now = sessionStore.getUser() !== null;
      if (signedIn && !now) queryClient.clear();
      signedIn = now;
    });
  }, [queryClient]);
}

/** antd in Portuguese (locale, dayjs pt-br, App for dialogs and 3 s toasts), TanStack Query, download overlay. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useClearCacheOnSignOut(queryClient);
  return (
    <ConfigProvider locale={ptBR} theme={theme}>
      <App message={{ duration: TOAST_SECONDS, maxCount: 3 }}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        <DownloadOverlay />
      </App>
    </ConfigProvider>
  );
}
