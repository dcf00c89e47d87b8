import { messages } from '@origem/contract/messages.pt';
import { render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../lib/navigation';
import { SESSION_KEYS, sessionStore } from '../lib/session';
import { jsonResponse, makeUser, storeSession, stubFetch } from '../test-utils';
import { FeedbackBridge } from '../ui/feedback-host';
import { ApiError } from './api-error';
import { http } from './http';
import { buildQueryString, createHttpClient } from './http-client';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('a chamada deveria ter falhado');
}

/** Lets the client's deferred error display run. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('http client — SPEC §8 error catalogue', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    storeSession(makeUser('admin'), 'abc123');
    setNavigator(navigate);
    render(
      <App>
        <FeedbackBridge />
      </App>,
    );
  });

  afterEach(() => {
    setNavigator(null);
    navigate.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
    sessionStore.reload();
  });

  it('sends the stored token as a bearer token and JSON bodies as JSON', async () => {
    const fetchMock = stubFetch(jsonResponse(200, { ok: true }));
    await expect(http.post('/v1/coisa', { nome: 'x' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/v1/coisa');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc123');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"nome":"x"}');
  });

  it('sends FormData as multipart (no JSON content type) and leaves the token out of public calls', async () => {
    const fetchMock = stubFetch(jsonResponse(200, {}));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'logo.png');
    await http.post('/v1/publico', form, { anonymous: true });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = init?.headers as Record<string, string>;
    expect(init?.body).toBe(form);
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBeUndefined();
  });

  it('401 clears the stored session and goes to /login', async () => {
    stubFetch(jsonResponse(401, { code: 'Unauthenticated', message: messages.unauthenticated }));
    const error = await failure(http.get('/v1/user/5'));
    expect(error.status).toBe(401);
    expect(localStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.user)).toBeNull();
    expect(sessionStore.getUser()).toBeNull();
    // Back to the same screen after signing in again.
    expect(navigate).toHaveBeenCalledWith('/login', { sessao: 'expirada', redirect: '/' });
    await nextTask();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('401 on the login call goes back to the caller and keeps the page', async () => {
    storeSession(null);
    stubFetch(jsonResponse(401, { code: 'InvalidCredentials', message: messages.auth.invalidCredentials }));
    const error = await failure(http.post('/v1/oauth/token', {}, { anonymous: true, silent: true }));
    expect(error.message).toBe(messages.auth.invalidCredentials);
    expect(navigate).not.toHaveBeenCalled();
    await nextTask();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('404 on an action opens the dialog "Registro não encontrado."', async () => {
    stubFetch(jsonResponse(404, { code: 'NotFound', message: 'qualquer' }));
    const error = await failure(http.put('/v1/user/999', {}));
    expect(error.status).toBe(404);
    expect(await screen.findByRole('dialog', { name: messages.notFound })).toBeTruthy();
    expect(sessionStore.getUser()).not.toBeNull();
  });

  it('404 and 403 on a screen read open no dialog: the screen shows its own page (issue 9, item 9)', async () => {
    stubFetch(
      jsonResponse(404, { code: 'NotFound', message: messages.notFound }),
      jsonResponse(403, { code: 'Forbidden', message: messages.forbidden }),
    );
    const missing = await failure(http.get('/v1/user/999'));
    const forbidden = await failure(http.get('/v1/user/7'));
    expect([missing.status, forbidden.status]).toEqual([404, 403]);
    await nextTask();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ValidationError throws an ApiError with the field messages and scrolls to the top', async () => {
    const errors = { email: ['Informe um e-mail válido.'], name: ['Campo obrigatório.'] };
    stubFetch(jsonResponse(422, { code: 'ValidationError', message: messages.validationFailed, errors }));
    const error = await failure(http.post('/v1/user', {}));
    error.markHandled();
    expect(error.isValidation).toBe(true);
    expect(error.errors).toEqual(errors);
    expect(error.fieldMessages).toEqual(['Informe um e-mail válido.', 'Campo obrigatório.']);
    expect(window.scrollTo).toHaveBeenCalled();
    await nextTask();
    // The caller (a form) took the error: no dialog.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ValidationError nobody claims is listed as bullets', async () => {
    const errors = { email: ['Informe um e-mail válido.'], role_id: ['Campo obrigatório.'] };
    stubFetch(jsonResponse(422, { code: 'ValidationError', message: messages.validationFailed, errors }));
    await failure(http.post('/v1/user', {}));
    const dialog = await screen.findByRole('dialog', { name: messages.fixErrors });
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Informe um e-mail válido.', 'Campo obrigatório.']);
  });

  it('ValidationError without messages shows "Corrija os erros e tente novamente."', async () => {
    stubFetch(jsonResponse(422, { code: 'ValidationError', message: messages.validationFailed, errors: {} }));
    await failure(http.put('/v1/role/1', {}));
    const dialog = await screen.findByRole('dialog', { name: messages.fixErrors });
    expect(within(dialog).queryByRole('listitem')).toBeNull();
  });

  it('returns the special status 231 to the caller instead of failing', async () => {
    const body = { code: 'WrongPassword', message: messages.auth.wrongCurrentPassword };
    stubFetch(jsonResponse(231, body));
    const response = await http.request('/v1/user/save_new_password', { method: 'POST', body: {} });
    expect(response.status).toBe(231);
    expect(response.data).toEqual(body);
    await nextTask();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStore.getUser()).not.toBeNull();
  });

  it('returns 204 with no data', async () => {
    stubFetch(new Response(null, { status: 204 }));
    const response = await http.request('/v1/user/save_new_password', { method: 'POST', body: {} });
    expect(response).toMatchObject({ status: 204, data: undefined });
  });

  it("other errors show the server's message", async () => {
    stubFetch(jsonResponse(409, { code: 'Conflict', message: messages.role.inUse }));
    const error = await failure(http.delete('/v1/role/3'));
    expect(error.code).toBe('Conflict');
    expect(await screen.findByRole('dialog', { name: messages.role.inUse })).toBeTruthy();
  });

  it('other errors without a message show the generic text', async () => {
    stubFetch(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    await failure(http.get('/v1/dashboard/total'));
    expect(await screen.findByRole('dialog', { name: messages.genericError })).toBeTruthy();
  });

  it('a network failure shows the generic text', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failure(http.get('/v1/dashboard/total'));
    expect(error.status).toBe(0);
    expect(await screen.findByRole('dialog', { name: messages.genericError })).toBeTruthy();
  });

  it('403 on a list call is only a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(jsonResponse(403, { code: 'Forbidden', message: messages.forbidden }));
    const error = await failure(http.get('/v1/deal', { list: true }));
    expect(error.status).toBe(403);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('/v1/deal');
    await nextTask();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('403 elsewhere shows the message', async () => {
    stubFetch(jsonResponse(403, { code: 'Forbidden', message: messages.forbidden }));
    await failure(http.post('/v1/deal', {}));
    expect(await screen.findByRole('dialog', { name: messages.forbidden })).toBeTruthy();
  });

  it('silent calls show nothing', async () => {
    stubFetch(jsonResponse(500, { code: 'InternalError', message: 'Falhou' }));
    await failure(http.get('/v1/x', { silent: true }));
    await nextTask();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('buildQueryString', () => {
  it('leaves out blank values and repeats arrays', () => {
    expect(buildQueryString({ page: 2, name: 'Ana Maria', cpf: '', role_id: undefined, ids: [1, 2] })).toBe(
      '?page=2&name=Ana+Maria&ids=1&ids=2',
    );
    expect(buildQueryString({ name: null })).toBe('');
  });
});

describe('Idempotency-Key: one per submission (issue 10)', () => {
  const keyOf = (init: RequestInit | undefined) =>
    (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
  const noDialogs = { getToken: () => null, onUnauthorized: () => {}, showError: () => {} };
  const client = (fetchMock: typeof fetch) =>
    createHttpClient({
      ...noDialogs,
      showValidationErrors: () => {},
      scrollToTop: () => {},
      fetch: fetchMock,
    });

  it('every POST carries a key; reads, updates and the sign-in (idempotent: false) carry none', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, {}));
    const api = client(fetchMock);
    await api.post('/v1/deal', { name: 'ACE-18' });
    await api.get('/v1/deal');
    await api.put('/v1/deal/1', { name: 'ACE-18' });
    await api.post('/v1/oauth/token', {}, { idempotent: false });
    const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.slice(1)).toEqual([undefined, undefined, undefined]);
  });

  it('a retry after a network failure or a 5xx reuses the key; changed data or a new submission gets a new one', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(502, {}))
      .mockImplementation(async () => jsonResponse(201, { id: 7 }));
    const api = client(fetchMock);
    await expect(api.post('/v1/deal', { name: 'ACE-18' }, { silent: true })).rejects.toMatchObject({
      status: 0,
    });
    await expect(api.post('/v1/deal', { name: 'ACE-18' }, { silent: true })).rejects.toMatchObject({
      status: 502,
    });
    await api.post('/v1/deal', { name: 'ACE-18' });
    // The same data again after an answer: a second record was asked for.
    await api.post('/v1/deal', { name: 'ACE-18' });
    const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('a submission with changed data after a failure gets a new key, and the old one comes back with its data', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async () => jsonResponse(201, {}));
    const api = client(fetchMock);
    await api.post('/v1/deal', { name: 'ACE-18' }, { silent: true }).catch(() => {});
    await api.post('/v1/deal', { name: 'ACE-35' }, { silent: true }).catch(() => {});
    await api.post('/v1/deal', { name: 'ACE-18' });
    const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
  });

  it('a double click while the first is in flight sends one request and gives both the same answer', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve)));
    const api = client(fetchMock);
    const first = api.post('/v1/deal', { name: 'ACE-18' });
    const second = api.post('/v1/deal', { name: 'ACE-18' });
    answer(jsonResponse(201, { id: 7 }));
    await expect(Promise.all([first, second])).resolves.toEqual([{ id: 7 }, { id: 7 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a multipart retry with another file gets a new key (the server cannot compare multipart bodies)', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async () => jsonResponse(201, {}));
    const api = client(fetchMock);
    const upload = (content: string) => {
      const body = new FormData();
      body.append('name', 'Contrato');
      body.append('file', new File([content], 'contrato.pdf', { lastModified: 1 }));
      return body;
    };
    await api.post('/v1/file', upload('%PDF-1'), { silent: true }).catch(() => {});
    await api.post('/v1/file', upload('%PDF-1'), { silent: true }).catch(() => {});
    await api.post('/v1/file', upload('%PDF-1.7 longer'));
    const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
