import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig, theme as themes } from 'antd';
// The ES module build of the locale (antd/locale/* is CommonJS and drags antd's CommonJS copies along).
import ptBR from 'antd/es/locale/pt_BR';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { sessionStore } from '../lib/session';
import { DownloadOverlay } from '../ui/download-overlay';
import { FeedbackHost } from '../ui/feedback';

/**
 * Text colours that meet WCAG 2.2 AA (4.5:1) on white and on the light greys antd puts behind text (#fafafa table
 * headers, #f5f5f5 page background), set once here rather than screen by screen (issue 22). antd's defaults are
 * 45 % black for secondary text and group titles (3.36:1), 25 % for placeholders (1.83:1), #ff4d4f for errors
 * (3.9:1), and a tag's text is the 7th shade of its colour or the status colour itself (green 3.37:1, gold 2.76:1).
 */
const TEXT_TOKENS = {
  colorTextTertiary: '#666666',
  colorTextDescription: '#666666',
  colorTextPlaceholder: '#6b6b6b',
  colorError: '#cf1322',
  // Typography's success / warning / danger texts.
  colorSuccessText: '#237804',
  colorWarningText: '#874d00',
  colorErrorText: '#cf1322',
} as const;

/** Tag text, on each colour's lightest shade: the shades that fall short are replaced by a darker one (≥ 4.5:1). */
const TAG_TOKENS = {
  colorSuccess: '#237804',
  colorInfo: '#0b5cad',
  colorWarning: '#874d00',
  colorError: '#a8071a',
  green7: '#237804',
  cyan7: '#006d75',
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
} as const;

/** 4.6:1 on #e6e6e6, 5.3:1 on #f5f5f5. */
const READ_ONLY_TEXT = '#616161';

export const theme: ThemeConfig = {
  token: { colorPrimary: '#0b5cad', colorLink: '#0b5cad', borderRadius: 6, fontSize: 14, ...TEXT_TOKENS },
  // A read-only form is read, not filled: its values, chosen options and unit suffixes keep 4.5:1 on the disabled
  // greys (#f5f5f5, and #e6e6e6 behind a chosen option), where antd draws them at 25 % black (1.8:1).
  // A table's empty text is drawn in the disabled colour too (#bfbfbf, 1.83:1): in tables it is read, not disabled.
  components: {
    Tag: TAG_TOKENS,
    Select: { colorTextDisabled: READ_ONLY_TEXT, multipleItemColorDisabled: READ_ONLY_TEXT },
    Input: { colorTextDisabled: READ_ONLY_TEXT },
    InputNumber: { colorTextDisabled: READ_ONLY_TEXT },
    DatePicker: { colorTextDisabled: READ_ONLY_TEXT },
    Table: { colorTextDisabled: '#666666' },
  },
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

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3): antd then shows help texts, dialogs and
 * menus in their final state at once instead of fading them in.
 */
function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
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
  const reducedMotion = usePrefersReducedMotion();
  const themeConfig = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={ptBR} theme={themeConfig} csp={cspNonce ? { nonce: cspNonce } : undefined}>
      <BaseText>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </BaseText>
      <FeedbackHost />
      <DownloadOverlay />
    </ConfigProvider>
  );
}
