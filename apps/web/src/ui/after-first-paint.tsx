import { type CSSProperties, type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it; the switch is a transition, so React renders
 * what it reveals in slices between which the page stays responsive, instead of one long task while the screen
 * loads (issue 39: Lighthouse's Total Blocking Time). `enabled: false` is true from the start.
 */
export function useAfterFirstPaint(enabled = true): boolean {
  const [painted, setPainted] = useState(!enabled);
  useEffect(() => {
    if (painted) return;
    // The next frame's callback runs before its paint; the task after it, once the frame is on screen.
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

/**
 * A part of a screen that is not needed for its first paint (below the fold, or heavy and secondary), rendered just
 * after it. Until then an empty block of `minHeight` holds its place, so nothing above or beside it moves.
 */
export function AfterFirstPaint({
  children,
  minHeight,
  label,
  immediate = false,
}: {
  children: ReactNode;
  /** The part's usual height (px), reserved while it renders. */
  minHeight: CSSProperties['minHeight'];
  /** What is loading, for screen readers ('Itens: carregando'). */
  label: string;
  /** Render at once (e.g. a field in it is about to take the focus). */
  immediate?: boolean;
}) {
  const painted = useAfterFirstPaint(!immediate);
  if (painted) return children;
  return <div style={{ minHeight }} aria-busy="true" aria-label={label} role="status" />;
}
