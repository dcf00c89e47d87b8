import { useSyncExternalStore } from 'react';

/** One subscription function per query, so React does not subscribe again at every render. */
const subscriptions = new Map<string, (onChange: () => void) => () => void>();
function subscribeTo(query: string) {
  let subscribe = subscriptions.get(query);
  if (!subscribe) {
    subscribe = (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    };
    subscriptions.set(query, subscribe);
  }
  return subscribe;
}

/**
 * Whether a CSS media query matches, right from the first render and again whenever that changes; `fallback` where
 * the browser cannot tell (no matchMedia).
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  return useSyncExternalStore(
    subscribeTo(query),
    () => window.matchMedia?.(query).matches ?? fallback,
    () => fallback,
  );
}

/** antd's breakpoints (Grid): the widths our layouts change at. */
const BREAKPOINTS = { sm: 576, md: 768, lg: 992 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/**
 * Whether the window is at least `breakpoint` wide (a desktop where it cannot tell). antd's Grid.useBreakpoint
 * answers "unknown" on the first render and renders its component again once it has measured: the whole frame, its
 * menu and the page's table were drawn twice on every load (issue 21).
 */
export function useWiderThan(breakpoint: Breakpoint): boolean {
  return useMediaQuery(`(min-width: ${BREAKPOINTS[breakpoint]}px)`, true);
}
