import { messages } from '@origem/contract/messages.pt';
import { type PermissionRow, type Role, roleFilterQuery } from '@origem/contract/schemas/roles';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeSearch } from '../../lib/search-params';
import { jsonResponse, makeUser, onePage, renderRoutes, storeSession } from '../../test-utils';
import { RoleEditPage } from './role-edit-page';
import { RolesListPage } from './roles-list-page';

const PERMISSIONS: PermissionRow[] = [
  {
    id: 35,
    name: 'audit.view',
    display_name: 'Ver e exportar a auditoria',
    group: 'audit',
    group_label: 'Auditoria',
  },
  {
    id: 19,
    name: 'certificate.view',
    display_name: 'Ver certificados',
    group: 'certificate',
    group_label: 'Certificados',
  },
  {
    id: 20,
    name: 'certificate.create',
    display_name: 'Criar e enviar certificados',
    group: 'certificate',
    group_label: 'Certificados',
  },
  { id: 1, name: 'dashboard.view', display_name: 'Ver o painel', group: 'dashboard', group_label: 'Início' },
];

const EXPORTER: Role = {
  id: 3,
  name: 'exportador',
  display_name: 'Exportador',
  type: 'exportador',
  type_label: 'Exportador',
  mfa_required: false,
  status: 'ATIVO',
  system: true,
  users_count: 1,
  permissions: [1, 19],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const CUSTOM: Role = {
  ...EXPORTER,
  id: 12,
  name: 'conferente',
  display_name: 'Conferente',
  type: 'associacao',
  type_label: 'Associação Comercial',
  system: false,
  users_count: 0,
  permissions: [],
};

// A whole screen with antd under jsdom takes a few seconds to settle on a busy machine.
configure({ asyncUtilTimeout: 8000 });

type Call = { method: string; path: string; body: unknown };
type Reply = (call: Call) => Response | undefined;

/** A fake API: answers the reference calls and hands the rest to `reply`; records every call. */
function fakeApi(reply: Reply) {
  const calls: Call[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call = {
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = reply(call);
    if (answer) return answer;
    if (url.pathname === '/v1/permission/all') return jsonResponse(200, { data: PERMISSIONS });
    if (url.pathname === '/v1/role/type')
      return jsonResponse(200, {
        data: [
          { id: 'associacao', name: 'Associação Comercial' },
          { id: 'exportador', name: 'Exportador' },
        ],
      });
    if (url.pathname === '/v1/role/with_filter') return jsonResponse(200, onePage([CUSTOM, EXPORTER]));
    return jsonResponse(404, { code: 'NotFound', message: messages.notFound });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The two screens on their real paths, without the app shell (faster under jsdom). */
function renderApp(path: string) {
  storeSession(makeUser('admin'));
  return renderRoutes(path, {
    '/configuracao/perfil': { component: RolesListPage, validateSearch: routeSearch(roleFilterQuery) },
    '/configuracao/perfil/$id': RoleEditPage,
  }).router;
}

/** A routine success is a toast with the exact text (issue 22), once, and no dialog to close. */
async function expectOneToast(text: string) {
  expect(await screen.findAllByText(text)).toHaveLength(1);
  expect(screen.queryAllByRole('dialog').filter((d) => d.textContent?.includes(text))).toHaveLength(0);
}

afterEach(() => {
  vi.unstubAllGlobals();
  storeSession(null);
});

describe('roles list', { timeout: 60_000 }, () => {
  it('shows each role with slug, type, status, users and the system mark; no delete for system roles', async () => {
    const calls = fakeApi(() => undefined);
    renderApp('/configuracao/perfil?role=expo&status=ATIVO');
    const table = await screen.findByRole('table', { name: 'Lista de perfis' });
    const exporterRow = within(table).getByText('exportador').closest('tr') as HTMLElement;
    expect(within(exporterRow).getByText('Sistema')).toBeTruthy();
    expect(within(exporterRow).getByText('Ativo')).toBeTruthy();
    expect(within(exporterRow).getByRole('link', { name: 'Editar Exportador' }).getAttribute('href')).toBe(
      '/configuracao/perfil/3',
    );
    expect(within(exporterRow).queryByRole('button', { name: /Excluir/ })).toBeNull();
    const customRow = within(table).getByText('conferente').closest('tr') as HTMLElement;
    expect(within(customRow).getByRole('button', { name: 'Excluir Conferente' })).toBeTruthy();
    const query = new URL(calls[0]?.path ?? '', 'http://localhost');
    expect(query.pathname).toBe('/v1/role/with_filter');
    expect(Object.fromEntries(query.searchParams)).toEqual({ page: '1', role: 'expo', status: 'ATIVO' });
    expect(screen.getByRole('button', { name: 'Novo perfil' })).toBeTruthy();
  });

  it('deletes a custom role after confirmation and shows the server message', async () => {
    const calls = fakeApi((call) =>
      call.method === 'DELETE' ? jsonResponse(200, { message: messages.role.deleted }) : undefined,
    );
    renderApp('/configuracao/perfil');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Conferente' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Excluir o perfil "Conferente"?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await expectOneToast(messages.role.deleted);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/v1/role/12']);
    // The list is asked again.
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/v1/role/with_filter')).length).toBe(2),
    );
  });
});

describe('role edit screen', { timeout: 60_000 }, () => {
  it('edits a system role: fixed identifier and type, grouped checklist, saves the sorted ids', async () => {
    const calls = fakeApi((call) => {
      if (call.path === '/v1/role/3' && call.method === 'GET') return jsonResponse(200, EXPORTER);
      if (call.path === '/v1/role/3' && call.method === 'PUT')
        return jsonResponse(200, { ...EXPORTER, permissions: [1, 19, 35] });
      return undefined;
    });
    const router = renderApp('/configuracao/perfil/3');
    expect(await screen.findByRole('heading', { name: 'Exportador', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Identificador') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Selecionadas: 2 de 4')).toBeTruthy();

    const certificates = screen.getByRole('group', { name: 'Certificados' });
    const all = within(certificates).getByRole('checkbox', { name: 'Todas as permissões de Certificados' });
    expect(all.getAttribute('aria-checked')).toBe('mixed');
    const audit = screen.getByRole('checkbox', { name: 'Ver e exportar a auditoria' }) as HTMLInputElement;
    expect(audit.checked).toBe(false);
    expect(screen.getByText('audit.view')).toBeTruthy();

    fireEvent.click(audit);
    fireEvent.click(all);
    expect(all.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    await expectOneToast(messages.role.updated);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'exportador',
      display_name: 'Exportador',
      type: 'exportador',
      status: 'ATIVO',
      mfa_required: false,
      permissions: [1, 19, 20, 35],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/configuracao/perfil'));
  });

  it('creates a role: the identifier follows the label; a taken name shows next to the field, no dialog', async () => {
    const calls = fakeApi((call) =>
      call.method === 'POST' && call.path === '/v1/role'
        ? jsonResponse(422, {
            code: 'ValidationError',
            message: messages.validationFailed,
            errors: { name: [messages.role.nameTaken] },
          })
        : undefined,
    );
    renderApp('/configuracao/perfil/novo');
    const label = await screen.findByLabelText('Nome de exibição');
    expect(screen.getByRole('heading', { name: 'Novo perfil', level: 1 })).toBeTruthy();
    fireEvent.change(label, { target: { value: 'Conferência Sênior' } });
    const slug = screen.getByLabelText('Identificador') as HTMLInputElement;
    expect(slug.value).toBe('conferencia_senior');

    // Once typed by hand, the identifier no longer follows the label.
    fireEvent.change(slug, { target: { value: 'Conferente Novo' } });
    expect(slug.value).toBe('conferente_novo');
    fireEvent.change(label, { target: { value: 'Conferente' } });
    expect(slug.value).toBe('conferente_novo');

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.field.required)).toBeTruthy(); // Tipo is missing
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.mouseDown(
      within(screen.getByText('Tipo').closest('.ant-form-item') as HTMLElement).getByRole('combobox'),
    );
    fireEvent.click(await screen.findByTitle('Associação Comercial'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ver o painel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(messages.role.nameTaken)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'conferente_novo',
      display_name: 'Conferente',
      type: 'associacao',
      status: 'ATIVO',
      mfa_required: false,
      permissions: [1],
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(messages.fixErrors, { selector: '.ant-modal *' })).toBeNull();
    expect(screen.getByLabelText('Identificador').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a server error on the permissions above the checklist', async () => {
    fakeApi((call) => {
      if (call.path === '/v1/role/1' && call.method === 'GET')
        return jsonResponse(200, {
          ...EXPORTER,
          id: 1,
          name: 'admin',
          display_name: 'Administrador',
          type: 'admin',
        });
      if (call.method === 'PUT')
        return jsonResponse(422, {
          code: 'ValidationError',
          message: messages.validationFailed,
          errors: { permissions: [messages.role.adminLocked] },
        });
      return undefined;
    });
    renderApp('/configuracao/perfil/1');
    await screen.findByRole('heading', { name: 'Administrador', level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Desmarcar todas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes(messages.role.adminLocked))).toBe(true);
  });
});
