import { messages } from '@origem/contract/messages.pt';
import type { AuditEntry } from '@origem/contract/schemas/audit';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, onePage, renderInApp, storeSession } from '../../test-utils';
import { AuditPage } from './audit-page';

// A whole antd screen renders slowly under jsdom on a busy machine: the default 1 s wait is too tight, and
// role queries (which compute the accessibility tree of the whole screen) are avoided for the same reason.
configure({ asyncUtilTimeout: 8000 });

const creation: AuditEntry = {
  id: 41,
  user: {
    id: 1,
    name: 'Ana Administradora',
    cpf: null,
    email: 'admin@origem.local',
    role: { id: 1, name: 'admin', display_name: 'Administrador', type: 'admin' },
    system_origin: { id: 1, system: 'Origem' },
  },
  auditable_type: 'user',
  auditable_id: 12,
  old_values: null,
  new_values: { name: 'Bruna Nova', email: 'bruna@origem.local', active: true },
  url: '/v1/user',
  ip_address: '10.0.0.7',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  event: 'created',
  created_at: '2026-03-05T12:07:03.000Z',
  names: { 'user:12': 'Bruna Nova' },
};

const anonymousFailure: AuditEntry = {
  ...creation,
  id: 40,
  user: null,
  auditable_type: 'session',
  auditable_id: null,
  new_values: { email: 'ninguem@x.com' },
  event: 'login_failed',
  ip_address: null,
  names: {},
};

type Routes = Record<string, unknown>;

/** Answers each call by its path (the list and the four option lists run at once, in any order). */
function stubApi(routes: Routes = {}) {
  const answers: Routes = {
    '/v1/audit': onePage([creation, anonymousFailure]),
    '/v1/audit/user': { data: [{ id: 1, name: 'Ana Administradora', email: 'admin@origem.local' }] },
    '/v1/audit/event': {
      data: [
        { id: 'created', name: 'Criado' },
        { id: 'login_failed', name: 'Falha de login' },
      ],
    },
    '/v1/audit/auditable_type': {
      data: [
        { id: 'session', name: 'Sessão' },
        { id: 'user', name: 'Usuário' },
      ],
    },
    '/v1/audit/ip_address': { data: [{ id: '10.0.0.7', name: '10.0.0.7' }] },
    '/v1/audit/auditable': { data: [{ id: 12, name: '#12 — Bruna Nova' }] },
    ...routes,
  };
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = String(input).split('?')[0] ?? '';
    if (path === '/v1/audit/export_csv') {
      return new Response('ID;Data/hora\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit.csv"' },
      });
    }
    return path in answers ? jsonResponse(200, answers[path]) : jsonResponse(404, { message: 'x' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calledUrls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map((c) => String(c[0]));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AuditPage', { timeout: 45_000 }, () => {
  it('lists the trail with time to the second, user, role, event tag, record and IP', async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubApi();
    renderInApp(<AuditPage />, '/auditoria?event=created&page=2');
    expect(await screen.findByText('Auditoria', { selector: 'h1' })).toBeTruthy();
    const table = await screen.findByLabelText('Registros de auditoria');
    // querySelector rather than *ByRole: role queries over a whole antd screen are slow under jsdom.
    const headers = [...table.querySelectorAll('thead th')].map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['Data/hora', 'Usuário', 'Perfil', 'Evento', 'Registro', 'IP']),
    );

    const [first, second] = table.querySelectorAll('tbody tr.ant-table-row');
    expect(first?.textContent).toContain('05/03/2026 09:07:03');
    expect(first?.textContent).toContain('Ana Administradora');
    expect(first?.textContent).toContain('admin@origem.local');
    expect(first?.textContent).toContain('Administrador');
    expect(first?.textContent).toContain('Criado');
    // Brasília time, and the record by its name (issue 9, item 3).
    expect(first?.textContent).toContain('Bruna Nova');
    expect(first?.textContent).not.toContain('#12');
    expect(first?.textContent).toContain('10.0.0.7');
    // An anonymous failed login: no user, no role, no IP, the type alone.
    expect(second?.textContent).toContain('Falha de login');
    expect(second?.textContent).toContain('Sessão');
    expect(second?.textContent).not.toContain('#');
    expect(within(second as HTMLElement).getAllByText('—').length).toBeGreaterThanOrEqual(2);

    expect(calledUrls(fetchMock)).toContain('/v1/audit?page=2&event=created');
    // No type chosen: the records list is never asked for.
    expect(calledUrls(fetchMock).some((url) => url.startsWith('/v1/audit/auditable?'))).toBe(false);
  });

  it('expands a row into Campo | Antes | Depois, with the URL and the browser', async () => {
    storeSession(makeUser('admin'));
    stubApi();
    renderInApp(<AuditPage />, '/auditoria');
    const buttons = await screen.findAllByLabelText('Ver detalhes');
    fireEvent.click(buttons[0] as HTMLElement);
    const changes = await screen.findByLabelText('Alterações: Usuário: Bruna Nova');
    const rows = [...changes.querySelectorAll('tr')].map((r) => r.textContent);
    expect(rows[0]).toBe('CampoAntesDepois');
    expect(rows).toContain('Nomename—Bruna Nova');
    expect(rows).toContain('Ativoactive—Sim');
    expect(screen.getByText('/v1/user')).toBeTruthy();
    expect(screen.getByText('Mozilla/5.0 (X11; Linux x86_64) Chrome/140')).toBeTruthy();
    expect(screen.getByLabelText('Ocultar detalhes').getAttribute('aria-expanded')).toBe('true');
  });

  it("the 'Registro' filter waits for a type, then lists that type's records", async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubApi();
    renderInApp(<AuditPage />, '/auditoria?auditable_type=user&auditable_id=12');
    await screen.findByLabelText('Registros de auditoria');
    await waitFor(() => expect(calledUrls(fetchMock)).toContain('/v1/audit/auditable?auditable_type=user'));
    expect(calledUrls(fetchMock)).toContain('/v1/audit?page=1&auditable_type=user&auditable_id=12');
    const record = screen.getByLabelText('Registro') as HTMLInputElement;
    expect(record.disabled).toBe(false);
    expect(await screen.findByTitle('#12 — Bruna Nova')).toBeTruthy();

    // Clearing the type clears the record and disables it.
    const typeField = screen.getByLabelText('Tipo de registro').closest('.ant-select') as HTMLElement;
    fireEvent.mouseEnter(typeField);
    const clear = typeField.querySelector('.ant-select-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect((screen.getByLabelText('Registro') as HTMLInputElement).disabled).toBe(true));
    expect(screen.queryByTitle('#12 — Bruna Nova')).toBeNull();
  });

  it("'Filtrar' writes the chosen filters to the URL and back to page 1", async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubApi();
    const { router } = renderInApp(<AuditPage />, '/auditoria?page=2');
    await screen.findByLabelText('Registros de auditoria');
    fireEvent.mouseDown(screen.getByLabelText('Evento'));
    fireEvent.click(await screen.findByTitle('Criado'));
    fireEvent.mouseDown(screen.getByLabelText('Usuário'));
    fireEvent.click(await screen.findByTitle('Ana Administradora — admin@origem.local'));
    fireEvent.click(screen.getByText('Filtrar'));
    await waitFor(() => expect(router.state.location.searchStr).toBe('?user_id=1&event=created'));
    await waitFor(() => expect(calledUrls(fetchMock)).toContain('/v1/audit?page=1&user_id=1&event=created'));
  });

  it('names an event or type from the URL that the option lists lack', async () => {
    storeSession(makeUser('admin'));
    stubApi();
    renderInApp(<AuditPage />, '/auditoria?event=deleted&auditable_type=role');
    const filters = await screen.findByLabelText('Filtros');
    await waitFor(() => expect(filters.textContent).toContain('Excluído'));
    expect(filters.textContent).toContain('Perfil');
    expect(filters.textContent).not.toContain('deleted');
  });

  it('refuses a final date before the initial one', async () => {
    storeSession(makeUser('admin'));
    stubApi();
    const { router } = renderInApp(<AuditPage />, '/auditoria?start_date=2026-03-10&end_date=2026-03-01');
    await screen.findByLabelText('Registros de auditoria');
    expect((screen.getByLabelText('Data inicial') as HTMLInputElement).value).toBe('10/03/2026');
    fireEvent.click(screen.getByText('Filtrar'));
    expect(await screen.findByText('A data final não pode ser anterior à data inicial.')).toBeTruthy();
    expect(router.state.location.searchStr).toBe('?start_date=2026-03-10&end_date=2026-03-01');
  });

  it("'Exportar CSV' downloads the applied filters as audit.csv with the download toast", async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubApi();
    const saved: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: () => 'blob:x',
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderInApp(<AuditPage />, '/auditoria?event=created&auditable_type=user&page=3');
    await screen.findByLabelText('Registros de auditoria');
    fireEvent.click(screen.getByText('Exportar CSV'));
    expect(await screen.findByText(messages.downloading)).toBeTruthy();
    await waitFor(() => expect(saved).toEqual(['audit.csv']));
    expect(calledUrls(fetchMock)).toContain('/v1/audit/export_csv?event=created&auditable_type=user');
  });

  it("a user without audit.view gets no 'Exportar CSV' and an empty list on the server's 403", async () => {
    storeSession(makeUser('exportador'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const forbidden = { message: 'Sem permissão.', code: 'Forbidden' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, forbidden)),
    );
    renderInApp(<AuditPage />, '/auditoria');
    expect(await screen.findByText('Nenhum registro para exibir.')).toBeTruthy();
    expect(screen.queryByText('Exportar CSV')).toBeNull();
  });
});
