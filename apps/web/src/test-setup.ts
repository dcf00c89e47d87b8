import { configure } from '@testing-library/react';
import '@origem/contract/zod-locale';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// antd reads media queries (responsive grid, the menu's breakpoint); jsdom has none. Width queries are answered
// for jsdom's window (1024 px wide: the laptop the UX must serve), so screens render their desktop layout.
function matchesWidth(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (!min && !max) return false;
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: matchesWidth(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// antd tables and overflow lists observe element sizes; jsdom has no layout, so nothing ever resizes.
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: NoopResizeObserver,
  });
  Object.defineProperty(globalThis, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: NoopResizeObserver,
  });
}

// jsdom does not implement scrolling; the http client and the router scroll to the top.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// jsdom logs "Not implemented" for pseudo-element styles, which antd asks for.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// antd renders slowly under jsdom (CSS-in-JS); a whole screen with its menu can pass 5 s on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
});

// findBy*/waitFor wait up to 1 s by default: antd under jsdom on a loaded 2-core machine needs longer.
configure({ asyncUtilTimeout: 10_000 });
