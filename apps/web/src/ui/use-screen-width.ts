import { useSyncExternalStore } from 'react';

/** antd's breakpoints (Grid): the widths our layouts change at. */
const BREAKPOINTS = { sm: 576, md: 768, lg: 992 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

const query = (breakpoint: Breakpoint): MediaQueryList | undefined =>
  window.matchMedia?.(`(min-width: ${BREAKPOINTS[breakpoint]}px)`);

/**
 * Whether the window is at least `breakpoint` wide, right from the first render and again whenever that changes.
 * antd's Grid.useBreakpoint answers "unknown" on the first render and renders its component again once it has
 * measured: the whole frame, its menu and the page's table were drawn twice on every load (issue 21).
 */
export function useWiderThan(breakpoint: Breakpoint): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = query(breakpoint);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => query(breakpoint)?.matches ?? true,
    () => true,
  );
}
