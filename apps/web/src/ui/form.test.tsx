import { messages } from '@origem/contract/messages.pt';
import { email, optionalCpf, requiredText } from '@origem/contract/schemas/fields';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/api-error';
import { http } from '../api/http';
import { jsonResponse, makeUser, renderInApp, storeSession, stubFetch } from '../test-utils';
import { ApiForm, FormActions, FormField, useApiForm } from './form';
import { MaskedInput } from './masked-input';

const schema = z.object({ name: requiredText(120), email, cpf: optionalCpf });
type Values = z.output<typeof schema>;

function PersonForm({ onSubmit }: { onSubmit: (values: Values) => unknown }) {
  const form = useApiForm({ schema, defaultValues: { name: '', email: '', cpf: '' }, onSubmit });
  return (
    <ApiForm form={form} label="Dados da pessoa">
      <FormField name="name" label="Nome">
        <Input />
      </FormField>
      <FormField name="email" label="E-mail">
        <Input />
      </FormField>
      <FormField name="cpf" label="CPF">
        <MaskedInput mask="cpf" />
      </FormField>
      <FormActions />
    </ApiForm>
  );
}

function validationError(errors: Record<string, string[]>) {
  return new ApiError({ status: 422, code: 'ValidationError', message: messages.validationFailed, errors });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SPEC §8 newer handler: what a form says when saving fails (issue 9, genericErrorShort)', () => {
  it('a failure with nothing to tell (server error, no answer) shows the short generic text', async () => {
    for (const failure of [
      new ApiError({ status: 500, code: 'InternalError', message: messages.genericError }),
      new ApiError({ status: 0, code: 'NetworkError', message: messages.genericError }),
    ]) {
      const view = renderInApp(
        <PersonForm
          onSubmit={() => {
            throw failure;
          }}
        />,
      );
      fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Ana' } });
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@origem.local' } });
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getAllByText(messages.genericErrorShort).length).toBeGreaterThan(0);
      expect(within(dialog).queryByText(messages.genericError)).toBeNull();
      view.unmount();
    }
  });

  it("a refusal that says why shows the server's own message", async () => {
    renderInApp(
      <PersonForm
        onSubmit={() => {
          throw new ApiError({ status: 409, code: 'Conflict', message: 'Este perfil está em uso.' });
        }}
      />,
    );
    fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@origem.local' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText('Este perfil está em uso.')).length).toBeGreaterThan(0);
  });
});

describe('form helper', () => {
  it('ties labels to inputs and marks required fields from the schema', async () => {
    renderInApp(<PersonForm onSubmit={() => {}} />);
    const name = await screen.findByLabelText('Nome');
    expect(name.tagName).toBe('INPUT');
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('CPF').getAttribute('aria-required')).toBeNull();
    const nameLabel = document.querySelector(`label[for="${name.id}"]`);
    expect(nameLabel?.className).toContain('ant-form-item-required');
  });

  it('masks while typing and submits the parsed (unmasked) values', async () => {
    const onSubmit = vi.fn();
    renderInApp(<PersonForm onSubmit={onSubmit} />);
    fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: '  Ana  ' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ANA@Origem.local' } });
    fireEvent.change(screen.getByLabelText('CPF'), { target: { value: '12345678909' } });
    expect((screen.getByLabelText('CPF') as HTMLInputElement).value).toBe('123.456.789-09');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Ana',
      email: 'ana@origem.local',
      cpf: '12345678909',
    });
  });

  it('places server field errors next to the fields and lists the others', async () => {
    renderInApp(
      <PersonForm
        onSubmit={() => {
          throw validationError({
            email: [messages.user.emailTaken],
            cpf: [messages.field.cpf],
            trade_association_id: [messages.user.associationRequired],
          });
        }}
      />,
    );
    fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@origem.local' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(messages.user.emailTaken)).toBeTruthy();
    expect(screen.getByText(messages.field.cpf)).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain(messages.fixErrors);
    // The message no field can show goes to the bulleted dialog.
    const dialog = await screen.findByRole('dialog', { name: messages.fixErrors });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([messages.user.associationRequired]);
  });

  it('shows no dialog when every server error found its field', async () => {
    renderInApp(
      <PersonForm
        onSubmit={() => {
          throw validationError({ email: [messages.user.emailTaken] });
        }}
      />,
    );
    fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@origem.local' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(messages.user.emailTaken)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("disables 'Salvar' while sending", async () => {
    let finish: () => void = () => {};
    renderInApp(<PersonForm onSubmit={() => new Promise<void>((resolve) => (finish = resolve))} />);
    fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@origem.local' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /Salvar/ }) as HTMLButtonElement).disabled).toBe(true),
    );
    await act(async () => finish());
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /Salvar/ }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = renderInApp(<PersonForm onSubmit={() => {}} />, '/usuarios/1');
    fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Ana' } });
    await act(async () => {
      void router.navigate({ to: '/usuarios' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sair sem salvar?' })).toBeNull());
    expect(router.state.location.pathname).toBe('/usuarios/1');

    await act(async () => {
      void router.navigate({ to: '/usuarios' });
    });
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Sair sem salvar?' })).getByRole('button', {
        name: 'Sair sem salvar',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios'));
  });

  it('does not ask after a successful save', async () => {
    const { router } = renderInApp(<PersonForm onSubmit={() => {}} />, '/usuarios/1');
    fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@origem.local' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /Salvar/ }) as HTMLButtonElement).disabled).toBe(false),
    );
    await act(async () => {
      await router.navigate({ to: '/usuarios' });
    });
    expect(router.state.location.pathname).toBe('/usuarios');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Idempotency-Key on a form (issue 10): one per submission', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a retry after a network failure sends the same key; a submission with changed data, a new one', async () => {
    storeSession(makeUser('admin'));
    const fetchMock = stubFetch();
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async () => jsonResponse(201, { id: 7 }));
    renderInApp(<PersonForm onSubmit={(values) => http.post('/v1/pessoa', values)} />);
    fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@origem.local' } });
    const save = screen.getByRole('button', { name: 'Salvar' });
    fireEvent.click(save);
    // No answer: the form says so, and the user tries again.
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    fireEvent.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Ana Maria' } });
    fireEvent.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));

    const sent = fetchMock.mock.calls.map(([url, init]) => ({
      url: String(url),
      key: (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
      name: JSON.parse(String(init?.body)).name,
    }));
    expect(sent.map((call) => call.url)).toEqual(['/v1/pessoa', '/v1/pessoa', '/v1/pessoa']);
    expect(sent[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[2]?.name).toBe('Ana Maria');
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
  });
});

describe('forms that do not surprise (issue 22)', () => {
  function NotesForm({ onSubmit, submitOnEnter }: { onSubmit: () => void; submitOnEnter?: boolean }) {
    const form = useApiForm({
      schema: z.object({ name: requiredText(120), notes: z.string() }),
      defaultValues: { name: '', notes: '' },
      onSubmit,
    });
    return (
      <ApiForm form={form} label="Notas" submitOnEnter={submitOnEnter}>
        <FormField name="name" label="Nome">
          <Input />
        </FormField>
        <FormField name="notes" label="Observações">
          <Input.TextArea />
        </FormField>
        <FormActions />
      </ApiForm>
    );
  }

  it('Enter in a text field does not submit; in a text area it keeps its new line; on a button it presses it', async () => {
    const onSubmit = vi.fn();
    renderInApp(<NotesForm onSubmit={onSubmit} />);
    const name = await screen.findByLabelText('Nome');
    fireEvent.change(name, { target: { value: 'Ana' } });
    // fireEvent answers false when a handler cancelled the key: the browser then submits nothing.
    expect(fireEvent.keyDown(name, { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(name, { key: 'a' })).toBe(true);
    expect(fireEvent.keyDown(screen.getByLabelText('Observações'), { key: 'Enter' })).toBe(true);
    expect(fireEvent.keyDown(screen.getByRole('button', { name: 'Salvar' }), { key: 'Enter' })).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a short form may keep Enter submitting', async () => {
    renderInApp(<NotesForm onSubmit={vi.fn()} submitOnEnter />);
    expect(fireEvent.keyDown(await screen.findByLabelText('Nome'), { key: 'Enter' })).toBe(true);
  });

  it('an error shows once the field is left or on submit, and goes as soon as the value is valid', async () => {
    renderInApp(<PersonForm onSubmit={vi.fn()} />);
    const email = await screen.findByLabelText('E-mail');
    fireEvent.change(email, { target: { value: 'ana@' } });
    // Still typing: no error yet.
    await act(async () => {});
    expect(email.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(email);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(email, { target: { value: 'ana@origem.local' } });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBeNull());

    // An untouched required field shows its error on submit, and loses it at the first valid keystroke.
    const name = screen.getByLabelText('Nome');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(name, { target: { value: 'A' } });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
  });
});
