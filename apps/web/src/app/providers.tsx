import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig, theme as themes } from 'antd';
// The ES module build of the locale (antd/locale/* is CommonJS and drags antd's CommonJS copies along).
import ptBR from 'antd/es/locale/pt_BR';
import { type ReactNode, useEffect } from 'react';
import { sessionStore } from '../lib/session';
import { DownloadOverlay } from '../ui/download-overlay';
import { FeedbackHost } from '../ui/feedback';

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

/** The base text style antd's <App> gives its content (the <App> itself now loads with the first dialog). */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = themes.useToken();
  const { colorText: color, fontSize, lineHeight, fontFamily } = token;
  return <div style={{ color, fontSize, lineHeight, fontFamily }}>{children}</div>;
}

/**
 * antd in Portuguese (locale, theme; dialogs and 3 s toasts through FeedbackHost, loaded on first use), TanStack
 * Query, download overlay, the page's CSP nonce for antd's injected styles. dayjs is set to pt-br where it is used (ui/dayjs.ts).
 */
export function AppProviders({
  queryClient,
  cspNonce,
  children,
}: {
  queryClient: QueryClient;
  /** The page's CSP nonce (lib/csp-nonce.ts), which antd puts on the style tags it injects. */
  cspNonce?: string;
  children: ReactNode;
}) {
  useClearCacheOnSignOut(queryClient);
  return (
    <ConfigProvider locale={ptBR} theme={theme} csp={cspNonce ? { nonce: cspNonce } : undefined}>
      <BaseText>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </BaseText>
      <FeedbackHost />
      <DownloadOverlay />
    </ConfigProvider>
  );
}
