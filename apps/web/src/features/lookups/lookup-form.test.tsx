import { messages } from '@origem/contract/messages.pt';
import { LOOKUPS, type LookupDefinition } from '@origem/contract/schemas/lookups';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderInApp, storeSession } from '../../test-utils';
import { LookupForm } from './lookup-form';
import { lookupRow } from './test-rows';

configure({ asyncUtilTimeout: 8000 });

/** A table the contract does not have yet: the form must work for it all the same. */
const INCOTERM: LookupDefinition = {
  key: 'incoterm',
  path: '/v1/incoterm',
  slug: 'incoterms',
  title: 'Incoterms',
  gender: 'm',
  singular: 'Incoterm',
  hint: 'Condições de entrega.',
  fields: [
    { name: 'code', label: 'Sigla', kind: 'code', max: 3, required: true, upper: true, unique: true },
    { name: 'version', label: 'Versão', kind: 'code', max: 4 },
    { name: 'name', label: 'Nome', kind: 'text', max: 80, required: true },
    { name: 'notes', label: 'Observações', kind: 'text', max: 255 },
    { name: 'maritime', label: 'Só marítimo', kind: 'boolean' },
  ],
};

type Call = { method: string; path: string; body: unknown };

function stubApi(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

function renderForm(def: LookupDefinition, row?: Parameters<typeof LookupForm>[0]['row']) {
  storeSession(makeUser('admin'));
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  renderInApp(<LookupForm def={def} row={row} label="Formulário" onSaved={onSaved} onCancel={onCancel} />);
  return { onSaved, onCancel };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  storeSession(null);
});

describe('LookupForm', () => {
  it('renders one control per field of the definition: inputs for text and codes, a switch for booleans', async () => {
    renderForm(INCOTERM);
    await screen.findByRole('form', { name: 'Formulário' });
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    expect(screen.getAllByRole('switch')).toHaveLength(1);
    for (const { label } of INCOTERM.fields) expect(field(label)).toBeTruthy();
    expect(field('Sigla').maxLength).toBe(3);
    expect(field('Observações').maxLength).toBe(255);
    expect(field('Sigla').getAttribute('aria-required')).toBe('true');
    expect(field('Versão').getAttribute('aria-required')).toBeNull();
  });

  it('upper-cases a code as it is typed only when the field is stored so', async () => {
    renderForm(INCOTERM);
    fireEvent.change(await screen.findByLabelText('Sigla'), { target: { value: 'fob' } });
    fireEvent.change(field('Versão'), { target: { value: 'v2a' } });
    expect(field('Sigla').value).toBe('FOB');
    expect(field('Versão').value).toBe('v2a');
  });

  it('checks the fields with the contract schema before calling the server', async () => {
    const calls = stubApi(() => jsonResponse(500));
    renderForm(LOOKUPS.currency);
    fireEvent.change(await screen.findByLabelText('Código ISO'), { target: { value: 'us1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Use as três letras do código ISO (ex.: USD).')).toBeTruthy();
    expect(screen.getAllByText(messages.field.required)).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('sends the parsed values and puts a 422 message next to its field', async () => {
    const taken = 'Já existe um registro com este valor de "Código ISO".';
    const calls = stubApi(() =>
      jsonResponse(422, { code: 'ValidationError', message: 'Dados inválidos.', errors: { code: [taken] } }),
    );
    const { onSaved } = renderForm(LOOKUPS.currency);
    fireEvent.change(await screen.findByLabelText('Código ISO'), { target: { value: 'chf' } });
    fireEvent.change(field('Nome'), { target: { value: ' Franco suíço ' } });
    fireEvent.change(field('Símbolo'), { target: { value: 'Fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    const message = await screen.findByText(taken);
    expect(calls).toEqual([
      { method: 'POST', path: '/v1/currency', body: { code: 'CHF', name: 'Franco suíço', symbol: 'Fr' } },
    ]);
    const code = field('Código ISO');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(message.closest('[id]')?.id).toBe(code.getAttribute('aria-describedby'));
    expect(field('Nome').getAttribute('aria-invalid')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('edits a row with PUT, blanks sent as null, and says so', async () => {
    const calls = stubApi((call) => jsonResponse(200, { id: 9, ...(call.body as object) }));
    const { onSaved } = renderForm(
      LOOKUPS.shipment_port,
      lookupRow({ id: 9, name: 'Santos', city: 'Santos', state: 'SP' }),
    );
    fireEvent.change(await screen.findByLabelText('Cidade'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findAllByText(messages.lookup.updated);
    expect(calls).toEqual([
      { method: 'PUT', path: '/v1/shipment_port/9', body: { name: 'Santos', city: null, state: 'SP' } },
    ]);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
