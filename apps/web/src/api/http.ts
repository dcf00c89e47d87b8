import { navigateTo } from '../lib/navigation';
import { currentAddress } from '../lib/redirect';
import { sessionStore } from '../lib/session';
import { showErrorDialog, showValidationErrors } from '../ui/feedback';
import { createHttpClient } from './http-client';

/** Where the login page is told why the user landed there. */
export const SESSION_EXPIRED_SEARCH = { sessao: 'expirada' } as const;

/** The app's client: bearer token from the stored session, SPEC §8 catalogue, antd dialogs. */
export const http = createHttpClient({
  getToken: sessionStore.getToken,
  onUnauthorized: () => {
    const hadSession = sessionStore.getToken() !== null || sessionStore.getUser() !== null;
    sessionStore.clear();
    // An expired session comes back to the same screen after the new sign-in.
    navigateTo('/login', hadSession ? { ...SESSION_EXPIRED_SEARCH, redirect: currentAddress() } : undefined);
  },
  showError: (text) => void showErrorDialog(text),
  showValidationErrors: (list) => void showValidationErrors(list),
  scrollToTop: () => window.scrollTo({ top: 0, behavior: 'smooth' }),
});
