import { messages } from '@origem/contract/messages.pt';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, storeSession } from '../test-utils';
import { DownloadOverlay } from '../ui/download-overlay';
import { FeedbackBridge } from '../ui/feedback-host';
import { downloadFile, filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it('reads plain, quoted and RFC 5987 names', () => {
    expect(filenameFromDisposition('attachment; filename="audit.csv"')).toBe('audit.csv');
    expect(filenameFromDisposition('attachment; filename=audit.csv')).toBe('audit.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''declara%C3%A7%C3%A3o-7.pdf")).toBe(
      'declaração-7.pdf',
    );
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

describe('downloadFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function setup() {
    storeSession(makeUser('admin'));
    const saved: string[] = [];
    // jsdom has no object URLs.
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: vi.fn(() => 'blob:x'),
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    render(
      <App>
        <FeedbackBridge />
        <DownloadOverlay />
      </App>,
    );
    return saved;
  }

  it("shows 'Baixando o Arquivo...' and the overlay, then saves with the default name", async () => {
    const saved = setup();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );

    const done = downloadFile('/v1/audit/export_csv', {
      defaultName: 'audit.csv',
      query: { event: 'login' },
    });
    expect(await screen.findByText(messages.downloading)).toBeTruthy();
    expect(await screen.findByText(messages.downloadInProgress)).toBeTruthy();

    answer(new Response('id;evento\n1;login\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    await expect(done).resolves.toBe(true);
    expect(saved).toEqual(['audit.csv']);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/v1/audit/export_csv?event=login');
    await waitFor(() => expect(screen.queryByText(messages.downloadInProgress)).toBeNull());
  });

  it('prefers the file name the server sends', async () => {
    const saved = setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('x', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="performance_audit.csv"' },
          }),
      ),
    );
    await expect(
      downloadFile('/v1/audit/export_performance_csv', { defaultName: 'audit.csv' }),
    ).resolves.toBe(true);
    expect(saved).toEqual(['performance_audit.csv']);
  });

  it("shows the server's message when the download fails", async () => {
    const saved = setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'Forbidden', message: messages.forbidden }), {
            status: 403,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    await expect(downloadFile('/v1/audit/export_csv', { defaultName: 'audit.csv' })).resolves.toBe(false);
    expect(await screen.findByRole('dialog', { name: messages.forbidden })).toBeTruthy();
    expect(saved).toEqual([]);
    await waitFor(() => expect(screen.queryByText(messages.downloadInProgress)).toBeNull());
  });
});
