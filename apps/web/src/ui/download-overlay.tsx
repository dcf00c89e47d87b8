import { messages } from '@origem/contract/messages.pt';
import { lazy, Suspense, useSyncExternalStore } from 'react';

// The spinner loads with the first download: the first screen (/login) has none.
const Spin = lazy(() => import('antd/es/spin').then((module) => ({ default: module.default })));

let active = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Counts downloads in progress; the overlay shows while at least one runs. */
export const downloadActivity = {
  /** Marks a download as started; call the returned function when it ends (success or failure). */
  begin(): () => void {
    active += 1;
    notify();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      active -= 1;
      notify();
    };
  },
  count: () => active,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Full-screen "Download em andamento..." overlay, mounted once in the providers. */
export function DownloadOverlay() {
  const count = useSyncExternalStore(
    downloadActivity.subscribe,
    downloadActivity.count,
    downloadActivity.count,
  );
  if (count === 0) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
        background: 'rgba(255, 255, 255, 0.85)',
        fontSize: 16,
      }}
    >
      <Suspense fallback={null}>
        <Spin size="large" />
      </Suspense>
      <span>{messages.downloadInProgress}</span>
    </div>
  );
}
