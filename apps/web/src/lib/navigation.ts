/**
 * Lets code outside React (the http client) navigate through the router once it exists.
 * Before the router registers itself (or in tests without one), it falls back to a full page load.
 */
export type SearchValues = Record<string, string>;
export type Navigator = (to: string, search?: SearchValues) => void;

let current: Navigator | null = null;

export function setNavigator(navigator: Navigator | null): void {
  current = navigator;
}

export function navigateTo(to: string, search?: SearchValues): void {
  if (current) {
    current(to, search);
    return;
  }
  const query = search ? new URLSearchParams(search).toString() : '';
  window.location.assign(query ? `${to}?${query}` : to);
}
