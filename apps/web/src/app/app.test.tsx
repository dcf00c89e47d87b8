import { messages } from '@origem/contract/messages.pt';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS, sessionStore } from '../lib/session';
import { findToast, jsonResponse, makeUser, storeSession, stubFetch } from '../test-utils';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { ROUTES } from './route-table';
import { createAppRouter } from './router';
import { SCREENS } from './screens';

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

  it('shows the 404 page, inside the menu layout, on a route whose screen is not built yet (no "Em construção")', async () => {
    storeSession(makeUser('admin', { name: 'Ana Admin' }));
    const unbuilt = ROUTES.find((route) => route.menu && !(route.path in SCREENS));
    if (!unbuilt) return; // Every screen of SPEC §2 is built: nothing left to hide.
    const router = renderApp(unbuilt.path);
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(unbuilt.path);
    expect(screen.queryByText(/Em construção|será entregue/)).toBeNull();
    expect(screen.getByText('Ana Admin')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    for (const item of ['Usuários', 'Perfis', 'Auditoria']) {
      expect(within(menu).getAllByRole('menuitem', { name: item }).length).toBe(1);
    }
    expect(within(menu).getByRole('link', { name: 'Usuários' }).getAttribute('href')).toBe('/usuarios');
  });

  it('offers in the menu only built screens the role may open (issue 9, item 6)', async () => {
    storeSession(makeUser('exportador'));
    renderApp('/');
    const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
    await within(menu).findByRole('menuitem', { name: 'Empresas' });
    const unbuilt = ROUTES.filter((route) => route.menu && !(route.path in SCREENS)).map(
      (route) => route.title,
    );
    for (const title of unbuilt) {
      expect(within(menu).queryByRole('menuitem', { name: title }), title).toBeNull();
    }
    for (const forbidden of ['Usuários', 'Auditoria', 'Perfis']) {
      expect(within(menu).queryByRole('menuitem', { name: forbidden }), forbidden).toBeNull();
    }
  });

  it('keeps /regras-origem from roles other than admin and analista with the "sem permissão" page', async () => {
    storeSession(makeUser('exportador', { name: 'Érica Exportadora' }));
    const router = renderApp('/regras-origem');
    expect(await screen.findByRole('heading', { name: 'Sem permissão' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/regras-origem');
    expect(screen.getByRole('link', { name: 'Voltar para o início' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens /regras-origem for an analyst', async () => {
    storeSession(makeUser('analista'));
    const router = renderApp('/regras-origem');
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/regras-origem');
    expect(screen.queryByRole('heading', { name: 'Sem permissão' })).toBeNull();
  });

  it('shows the one "sem permissão" page on a screen the user has no permission for', async () => {
    storeSession(makeUser('exportador'));
    const router = renderApp('/auditoria');
    expect(await screen.findByRole('heading', { name: 'Sem permissão' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auditoria');
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toBeTruthy();
  });

  it('sends a signed-in user away from /login: to its redirect, or home (issue 9, item 10)', async () => {
    storeSession(makeUser('admin', { name: 'Ana Admin' }));
    const home = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Olá, Ana Admin!' })).toBeTruthy();
    expect(home.state.location.pathname).toBe('/');
    cleanup();
    const back = renderApp('/login?redirect=%2Fusuarios%3Fname%3DAna');
    await waitFor(() => expect(back.state.location.pathname).toBe('/usuarios'));
    expect(back.state.location.search).toEqual({ name: 'Ana' });
    cleanup();
    // Another site is never a redirect target.
    const outside = renderApp('/login?redirect=%2F%2Fevil.example%2F');
    await waitFor(() => expect(outside.state.location.pathname).toBe('/'));
  });

  it('offers "Alterar senha" in the user menu, opening the change-password screen (issue 9, item 1)', async () => {
    storeSession(makeUser('analista', { name: 'Bruno Analista' }));
    const router = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /Bruno Analista/ }));
    fireEvent.click(await screen.findByText('Alterar senha'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/redefinir-senha'));
    expect(await screen.findByLabelText('Senha atual')).toBeTruthy();
    expect(screen.getByLabelText('Nova senha')).toBeTruthy();
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
    // A visitor without access finds the public pre-registration from the login (issue 22).
    expect(
      screen.getByRole('link', { name: 'Faça o pré-cadastro da sua empresa' }).getAttribute('href'),
    ).toBe('/pre-cadastro');
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

  it('paints the menu and the page frame in the same commit as the first screen after sign-in (issue 21)', async () => {
    storeSession(null);
    stubFetch(jsonResponse(200, tokenBody), jsonResponse(200, makeUser('admin', { name: 'Ana Admin' })));
    renderApp('/login');
    await screen.findByLabelText('E-mail');
    // Every DOM change after the submit: the first one showing the home screen must already hold the menu and the
    // header (no frame arriving after the page, no menu popping in and shifting the layout).
    const seen: { page: boolean; menu: boolean; header: boolean }[] = [];
    // Plain DOM lookups: a role query on every mutation would make the test crawl under jsdom.
    const observer = new MutationObserver(() => {
      const texts = (selector: string) => [...document.querySelectorAll(selector)].map((e) => e.textContent);
      seen.push({
        page: texts('h1, h2, h3, h4').includes('Olá, Ana Admin!'),
        menu: document.querySelector('nav[aria-label="Menu principal"]') !== null,
        header: texts('button').some((text) => text?.includes('Sair')),
      });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    fillAndSubmit('admin@origem.local', 'origem123');
    await screen.findByRole('heading', { name: 'Olá, Ana Admin!' });
    observer.disconnect();
    const first = seen.findIndex((state) => state.page);
    expect(seen[first]).toEqual({ page: true, menu: true, header: true });
    expect(seen.slice(0, first).some((state) => state.menu || state.header)).toBe(false);
    expect(
      within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('menuitem', {
        name: 'Usuários',
      }),
    ).toBeTruthy();
  }, 60_000);

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
    // The home page's panel may have asked for its figures first.
    const logout = fetchMock.mock.calls.find(([url]) => url === '/v1/oauth/token');
    expect(logout?.[1]?.method).toBe('DELETE');
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

  it('shows the success toast on 204 and goes home', async () => {
    storeSession(makeUser('admin', { change_password: true }));
    stubFetch(new Response(null, { status: 204 }));
    const router = renderApp('/redefinir-senha');
    await screen.findByLabelText('Senha atual');
    fill('origem123', 'novaSenha1');
    await findToast(messages.auth.passwordChanged);
    expect(screen.queryByRole('dialog', { name: messages.auth.passwordChanged })).toBeNull();
    expect(sessionStore.getUser()?.change_password).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
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
    const fetchMock = stubFetch(new Response(null, { status: 204 }), new Response(null, { status: 204 }));
    const router = renderApp('/redefinir-senha?token=abc');
    fireEvent.change(await screen.findByLabelText('Nova senha'), { target: { value: 'novaSenha1' } });
    fireEvent.change(screen.getByLabelText('Confirmação de senha'), { target: { value: 'novaSenha1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Senha redefinida com sucesso. Entre com a nova senha.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/v1/user/reset_password/check');
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      token: 'abc',
      new_password: 'novaSenha1',
    });
  });

  it('says a used or expired link is dead as soon as it opens, before any typing (issue 9, item 8)', async () => {
    storeSession(null);
    const fetchMock = stubFetch(
      jsonResponse(422, {
        code: 'ValidationError',
        message: messages.auth.resetInvalid,
        errors: { token: [messages.auth.resetInvalid] },
      }),
    );
    renderApp('/redefinir-senha?token=usado');
    expect(await screen.findByText(messages.auth.resetInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Solicitar um novo link' })).toBeTruthy();
    expect(screen.queryByLabelText('Nova senha')).toBeNull();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ token: 'usado' });
    expect(screen.queryByRole('dialog')).toBeNull();
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
