import { messages } from '@origem/contract/messages.pt';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS, sessionStore } from '../lib/session';
import { jsonResponse, makeUser, storeSession, stubFetch } from '../test-utils';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

function renderApp(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const tokenBody = { token_type: 'Bearer', expires_in: 28800, access_token: 'tok-1', refresh_token: 'ref-1' };

afterEach(() => {
  vi.unstubAllGlobals();
  storeSession(null);
});

describe('routes and guards', () => {
  it('sends a visitor on a protected screen to /welcome', async () => {
    storeSession(null);
    const router = renderApp('/usuarios');
    expect(await screen.findByRole('heading', { name: 'Bem-vindo ao Origem' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pré-cadastro' })).toBeTruthy();
  });

  it('shows the error page on an unknown path', async () => {
    storeSession(null);
    renderApp('/nao-existe');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toBeTruthy();
  });

  it('renders routed screens not delivered yet as "Em construção", inside the menu layout', async () => {
    storeSession(makeUser('admin', { name: 'Ana Admin' }));
    renderApp('/certificado');
    expect(await screen.findByText('A tela "Certificados" será entregue em breve.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Em construção' })).toBeTruthy();
    expect(screen.getByText('Ana Admin')).toBeTruthy();
    expect(screen.getByText('Administrador')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    for (const item of ['Usuários', 'Perfis', 'Auditoria', 'Certificados']) {
      expect(within(menu).getAllByRole('menuitem', { name: item }).length).toBe(1);
    }
    expect(within(menu).getByRole('link', { name: 'Usuários' }).getAttribute('href')).toBe('/usuarios');
  });

  it('hides administration items from an exporter', async () => {
    storeSession(makeUser('exportador'));
    renderApp('/');
    expect(await screen.findByRole('menuitem', { name: 'Certificados' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Usuários' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Auditoria' })).toBeNull();
  });

  it('keeps /regras-origem from roles other than admin and analista', async () => {
    storeSession(makeUser('exportador', { name: 'Érica Exportadora' }));
    const router = renderApp('/regras-origem');
    expect(await screen.findByRole('heading', { name: 'Olá, Érica Exportadora!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens /regras-origem for an analyst', async () => {
    storeSession(makeUser('analista'));
    const router = renderApp('/regras-origem');
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/regras-origem');
    expect(screen.queryByRole('heading', { name: 'Acesso negado' })).toBeNull();
  });

  it('shows "Acesso negado" on a screen the user has no permission for', async () => {
    storeSession(makeUser('exportador'));
    const router = renderApp('/auditoria');
    expect(await screen.findByRole('heading', { name: 'Acesso negado' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auditoria');
  });

  it('scrolls to the top on every route change', async () => {
    storeSession(makeUser('admin'));
    const router = renderApp('/');
    await screen.findByRole('heading', { name: /Olá/ });
    vi.mocked(window.scrollTo).mockClear();
    await router.navigate({ to: '/usuarios' });
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalled());
  });
});

describe('login', () => {
  function fillAndSubmit(email: string, password: string) {
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: password } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
  }

  it('stores the token and the user, then goes home', async () => {
    storeSession(null);
    const user = makeUser('admin', { name: 'Ana Admin' });
    const fetchMock = stubFetch(jsonResponse(200, tokenBody), jsonResponse(200, user));
    const router = renderApp('/login');
    await screen.findByLabelText('E-mail');
    fillAndSubmit('admin@origem.local', 'origem123');

    expect(await screen.findByRole('heading', { name: 'Olá, Ana Admin!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(SESSION_KEYS.token)).toBe('tok-1');
    expect(sessionStore.getUser()?.name).toBe('Ana Admin');

    const [tokenUrl, tokenInit] = fetchMock.mock.calls[0] ?? [];
    expect(tokenUrl).toBe('/v1/oauth/token');
    expect(JSON.parse(String(tokenInit?.body))).toEqual({
      grant_type: 'password',
      client_id: '2',
      username: 'admin@origem.local',
      password: 'origem123',
      recaptchaToken: '',
    });
    const [detailUrl, detailInit] = fetchMock.mock.calls[1] ?? [];
    expect(detailUrl).toBe('/v1/user/detail');
    expect((detailInit?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer tok-1');
  });

  it('sends a user who must change the password to /redefinir-senha', async () => {
    storeSession(null);
    stubFetch(
      jsonResponse(200, tokenBody),
      jsonResponse(200, makeUser('exportador', { change_password: true })),
    );
    const router = renderApp('/login');
    await screen.findByLabelText('E-mail');
    fillAndSubmit('exportador@origem.local', 'origem123');
    expect(await screen.findByLabelText('Senha atual')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/redefinir-senha');
  });

  it("shows the server's message on 401 and keeps no session", async () => {
    storeSession(null);
    stubFetch(jsonResponse(401, { code: 'AccountLocked', message: messages.auth.locked }));
    const router = renderApp('/login');
    await screen.findByLabelText('E-mail');
    fillAndSubmit('admin@origem.local', 'errada123');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.auth.locked);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });

  it('checks the fields before calling the server', async () => {
    storeSession(null);
    const fetchMock = stubFetch();
    renderApp('/login');
    await screen.findByLabelText('E-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findAllByText(messages.field.required)).length).toBe(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  it("'Sair' revokes the token, clears the session and goes to /welcome", async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    const router = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('heading', { name: 'Bem-vindo ao Origem' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/oauth/token');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(localStorage.getItem(SESSION_KEYS.user)).toBeNull();
  });
});

describe('password change', () => {
  function fill(current: string, next: string, confirmation = next) {
    fireEvent.change(screen.getByLabelText('Senha atual'), { target: { value: current } });
    fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('Confirmação de senha'), { target: { value: confirmation } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
  }

  it('puts status 231 on the current password field', async () => {
    storeSession(makeUser('admin'));
    stubFetch(jsonResponse(231, { code: 'WrongPassword', message: messages.auth.wrongCurrentPassword }));
    renderApp('/redefinir-senha');
    await screen.findByLabelText('Senha atual');
    fill('errada123', 'novaSenha1');
    expect(await screen.findByText(messages.auth.wrongCurrentPassword)).toBeTruthy();
    expect(screen.getByLabelText('Senha atual').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the success dialog on 204 and goes home', async () => {
    storeSession(makeUser('admin', { change_password: true }));
    stubFetch(new Response(null, { status: 204 }));
    const router = renderApp('/redefinir-senha');
    await screen.findByLabelText('Senha atual');
    fill('origem123', 'novaSenha1');
    const dialog = await screen.findByRole('dialog', { name: messages.auth.passwordChanged });
    expect(sessionStore.getUser()?.change_password).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: messages.auth.passwordChanged })).toBeNull(),
    );
  });

  it('places 422 field errors next to the fields', async () => {
    storeSession(makeUser('admin'));
    stubFetch(
      jsonResponse(422, {
        code: 'ValidationError',
        message: messages.validationFailed,
        errors: { new_password: [messages.auth.samePassword] },
      }),
    );
    renderApp('/redefinir-senha');
    await screen.findByLabelText('Senha atual');
    fill('origem123', 'origem123');
    expect(await screen.findByText(messages.auth.samePassword)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(messages.fixErrors);
  });

  it('checks that the confirmation matches', async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubFetch();
    renderApp('/redefinir-senha');
    await screen.findByLabelText('Senha atual');
    fill('origem123', 'novaSenha1', 'outraSenha1');
    expect(await screen.findByText('As senhas não conferem.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resets with the e-mailed token and returns to /login with a success message', async () => {
    storeSession(null);
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    const router = renderApp('/redefinir-senha?token=abc');
    fireEvent.change(await screen.findByLabelText('Nova senha'), { target: { value: 'novaSenha1' } });
    fireEvent.change(screen.getByLabelText('Confirmação de senha'), { target: { value: 'novaSenha1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Senha redefinida com sucesso. Entre com a nova senha.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      token: 'abc',
      new_password: 'novaSenha1',
    });
  });
});

describe('forgot password', () => {
  it('always answers with the same neutral confirmation', async () => {
    storeSession(null);
    const fetchMock = stubFetch(jsonResponse(200, { message: messages.auth.resetRequested }));
    renderApp('/esqueceu-senha');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'alguem@origem.local' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText(messages.auth.resetRequested)).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ email: 'alguem@origem.local' });
  });
});
