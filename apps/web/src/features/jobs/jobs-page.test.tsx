import { type Job, jobMessages } from '@origem/contract/schemas/jobs';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, onePage, renderInApp, storeSession } from '../../test-utils';
import { JobsPage } from './jobs-page';

// A whole antd screen renders slowly under jsdom on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const failed: Job = {
  id: 31,
  kind: 'mail',
  status: 'FALHOU',
  attempts: 5,
  max_attempts: 5,
  run_at: '2026-03-05T12:07:03.000Z',
  last_error: 'connect ECONNREFUSED 127.0.0.1:25',
  created_at: '2026-03-05T12:00:00.000Z',
  finished_at: '2026-03-05T12:30:00.000Z',
};
const done: Job = {
  ...failed,
  id: 30,
  kind: 'file_sweep',
  status: 'CONCLUIDO',
  attempts: 1,
  last_error: null,
};

/** Answers the list with `rows` (the retry marks the failed job pending); records every call. */
function stubApi(rows: Job[]) {
  let current = rows;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).split('?')[0] ?? '';
    if (init?.method === 'POST' && path === '/v1/job/31/retry') {
      current = current.map((job) => (job.id === 31 ? { ...job, status: 'PENDENTE', attempts: 0 } : job));
      return jsonResponse(200, { message: jobMessages.retried });
    }
    if (path === '/v1/job') return jsonResponse(200, onePage(current));
    return jsonResponse(404, { message: 'x' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map((c) => `${c[1]?.method ?? 'GET'} ${String(c[0])}`);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('JobsPage', { timeout: 45_000 }, () => {
  it('lists jobs with Portuguese kind and status, attempts, Brasília times and the last error', async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubApi([failed, done]);
    renderInApp(<JobsPage />, '/administracao/tarefas?status=FALHOU&kind=mail');
    const table = await screen.findByLabelText('Lista de tarefas em segundo plano');
    const [first, second] = table.querySelectorAll('tbody tr.ant-table-row');
    expect(first?.textContent).toContain('Envio de e-mail');
    expect(first?.textContent).toContain('Falhou');
    expect(first?.textContent).toContain('5 de 5');
    // 12:07:03 UTC is 09:07:03 in Brasília.
    expect(first?.textContent).toContain('05/03/2026 09:07:03');
    expect(first?.textContent).toContain('connect ECONNREFUSED 127.0.0.1:25');
    expect(first?.textContent).toContain('Tentar de novo');
    expect(second?.textContent).toContain('Remoção de arquivos órfãos');
    expect(second?.textContent).toContain('Concluída');
    // Only a failed job offers the retry.
    expect(second?.textContent).not.toContain('Tentar de novo');
    expect(calls(fetchMock)).toContain('GET /v1/job?page=1&status=FALHOU&kind=mail');
  });

  it("'Filtrar' writes status and kind to the URL", async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubApi([done]);
    const { router } = renderInApp(<JobsPage />, '/administracao/tarefas');
    await screen.findByLabelText('Lista de tarefas em segundo plano');
    fireEvent.mouseDown(screen.getByLabelText('Situação'));
    fireEvent.click(await screen.findByTitle('Falhou'));
    fireEvent.mouseDown(screen.getByLabelText('Tipo'));
    fireEvent.click(await screen.findByTitle('Vencimento de declarações'));
    fireEvent.click(screen.getByText('Filtrar'));
    await waitFor(() =>
      expect(router.state.location.searchStr).toBe('?status=FALHOU&kind=declaration_expiry'),
    );
    await waitFor(() =>
      expect(calls(fetchMock)).toContain('GET /v1/job?page=1&status=FALHOU&kind=declaration_expiry'),
    );
  });

  it("'Tentar de novo' re-queues a failed job and shows it pending", async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubApi([failed]);
    renderInApp(<JobsPage />, '/administracao/tarefas');
    fireEvent.click(await screen.findByLabelText('Tentar de novo a tarefa 31 (Envio de e-mail)'));
    expect(await screen.findByText(jobMessages.retried)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('Lista de tarefas em segundo plano').textContent).toContain('Pendente'),
    );
    expect(calls(fetchMock)).toContain('POST /v1/job/31/retry');
    expect(screen.queryByText('Tentar de novo')).toBeNull();
  });
});
