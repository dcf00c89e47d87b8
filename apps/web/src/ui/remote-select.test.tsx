import { requiredId } from '@origem/contract/schemas/fields';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, makeUser, renderInApp, storeSession, stubFetch } from '../test-utils';
import { ApiForm, FormActions, FormField, useApiForm } from './form';
import { RemoteSelect } from './remote-select';

type Role = { id: number; display_name: string };
const schema = z.object({ role_id: requiredId });

function RoleForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const form = useApiForm({ schema, defaultValues: { role_id: undefined }, onSubmit });
  return (
    <ApiForm form={form}>
      <FormField name="role_id" label="Perfil">
        <RemoteSelect<Role>
          path="/v1/role/all"
          toOption={(role) => ({ value: role.id, label: role.display_name })}
        />
      </FormField>
      <FormActions />
    </ApiForm>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RemoteSelect in a form', () => {
  it('loads the options from an …/all endpoint and submits the chosen id', async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubFetch(
      jsonResponse(200, {
        data: [
          { id: 1, display_name: 'Administrador' },
          { id: 2, display_name: 'Analista' },
        ],
      }),
    );
    const onSubmit = vi.fn();
    renderInApp(<RoleForm onSubmit={onSubmit} />);
    const input = await screen.findByLabelText('Perfil');
    expect(input.getAttribute('aria-required')).toBe('true');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/v1/role/all', expect.anything()));

    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByTitle('Analista'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ role_id: 2 });
  });

  it('shows the required message when nothing is chosen', async () => {
    storeSession(makeUser('admin'));
    stubFetch(jsonResponse(200, { data: [] }));
    const onSubmit = vi.fn();
    renderInApp(<RoleForm onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
