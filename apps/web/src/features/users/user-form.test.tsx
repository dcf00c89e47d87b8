import { messages } from '@origem/contract/messages.pt';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  makeUser,
  type RouteAnswer,
  renderInApp,
  storeSession,
  stubApiByRoute,
} from '../../test-utils';
import { UserForm } from './user-form';

const ROLES = [
  { id: 1, name: 'admin', display_name: 'Administrador', type: 'admin', status: 'ATIVO' },
  { id: 2, name: 'analista', display_name: 'Analista', type: 'associacao', status: 'ATIVO' },
  { id: 6, name: 'federacao', display_name: 'Gestor da federação', type: 'federacao', status: 'ATIVO' },
];
const ASSOCIATIONS = [
  { id: 3, name: 'Associação Comercial de Santos', abbreviation: 'ACS', federation_id: 2 },
];
const FEDERATIONS = [{ id: 2, name: 'Federação de São Paulo', abbreviation: 'FACESP' }];

const selects: Record<string, RouteAnswer> = {
  'GET /v1/role/all': () => jsonResponse(200, { data: ROLES }),
  'GET /v1/trade_association/all': () => jsonResponse(200, { data: ASSOCIATIONS }),
  'GET /v1/federation/all': () => jsonResponse(200, { data: FEDERATIONS }),
};

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByLabelText(label));
  const titled = await screen.findAllByTitle(option);
  const last = titled.at(-1);
  if (!last) throw new Error(`sem a opção ${option}`);
  fireEvent.click(last);
}

// A whole antd screen under jsdom: the first render alone can take several seconds on a busy machine.
const SLOW = 60_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('UserForm', () => {
  it(
    "shows only the entity select the chosen role's type needs",
    async () => {
      storeSession(makeUser('admin', { id: 1 }));
      stubApiByRoute(selects);
      renderInApp(<UserForm />, '/usuarios/novo');
      await screen.findByLabelText('Perfil');
      expect(screen.queryByLabelText('Associação comercial')).toBeNull();

      await choose('Perfil', 'Analista');
      expect(await screen.findByLabelText('Associação comercial')).toBeTruthy();
      expect(screen.queryByLabelText('Federação')).toBeNull();

      await choose('Perfil', 'Gestor da federação');
      expect(await screen.findByLabelText('Federação')).toBeTruthy();
      expect(screen.queryByLabelText('Associação comercial')).toBeNull();

      await choose('Perfil', 'Administrador');
      await waitFor(() => expect(screen.queryByLabelText('Federação')).toBeNull());
      expect(screen.queryByLabelText('Associação comercial')).toBeNull();
      expect(screen.queryByLabelText('Confederação')).toBeNull();
    },
    SLOW,
  );

  it(
    'sends only the needed entity, shows server errors next to the fields, then saves',
    async () => {
      storeSession(makeUser('admin', { id: 1 }));
      const bodies: unknown[] = [];
      let attempt = 0;
      stubApiByRoute({
        ...selects,
        'POST /v1/user': (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          attempt += 1;
          if (attempt === 1) {
            return jsonResponse(422, {
              code: 'ValidationError',
              message: messages.validationFailed,
              errors: { email: [messages.user.emailTaken] },
            });
          }
          return jsonResponse(201, { id: 9, name: 'Ana' });
        },
      });
      const { router } = renderInApp(<UserForm />, '/usuarios/novo');
      fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Ana' } });
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'analista@origem.local' } });
      // An association picked first and then hidden by another role is not sent.
      await choose('Perfil', 'Analista');
      await choose('Associação comercial', 'Associação Comercial de Santos (ACS)');
      await choose('Perfil', 'Gestor da federação');
      await choose('Federação', 'Federação de São Paulo (FACESP)');
      fireEvent.click(screen.getByText('Salvar'));

      const email = screen.getByLabelText('E-mail');
      await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getByText(messages.user.emailTaken)).toBeTruthy();
      expect(bodies[0]).toMatchObject({
        name: 'Ana',
        email: 'analista@origem.local',
        role_id: 6,
        federation_id: 2,
        trade_association_id: null,
        confederation_id: null,
        active: true,
      });
      // The field error is the whole answer: no error dialog on top of it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(document.querySelector('.ant-modal-confirm-error')).toBeNull();

      fireEvent.change(email, { target: { value: 'ana@origem.local' } });
      fireEvent.click(screen.getByText('Salvar'));
      expect((await screen.findAllByText(messages.user.created)).length).toBeGreaterThan(0);
      await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios'));
      expect(bodies).toHaveLength(2);
    },
    SLOW,
  );
});
