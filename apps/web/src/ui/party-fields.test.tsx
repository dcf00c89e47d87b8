import { partyInputFields, partyMessages, refinePartyTaxId } from '@origem/contract/schemas/party';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderInApp } from '../test-utils';
import { ApiForm, FormActions, useApiForm } from './form';
import { PartyFields, type PartyFieldsProps, partyFieldDefaults } from './party-fields';

const { trade_association_id: _association, ...fields } = partyInputFields;
const schema = refinePartyTaxId(z.object(fields));

function PartyForm({
  onSubmit,
  show,
}: {
  onSubmit: (values: unknown) => void;
  show?: PartyFieldsProps['show'];
}) {
  const form = useApiForm({ schema, defaultValues: partyFieldDefaults(), onSubmit });
  return (
    <ApiForm form={form} label="Dados da parte">
      <PartyFields show={show} />
      <FormActions />
    </ApiForm>
  );
}

describe('PartyFields', () => {
  it('asks a company for its CNPJ and razão social, a person for CPF and name', async () => {
    renderInApp(<PartyForm onSubmit={() => {}} />);
    expect(await screen.findByLabelText('CNPJ')).toBeTruthy();
    expect(screen.getByLabelText('Razão social')).toBeTruthy();
    expect(screen.queryByLabelText('CPF')).toBeNull();

    fireEvent.click(screen.getByLabelText('Pessoa física'));
    expect(await screen.findByLabelText('CPF')).toBeTruthy();
    expect(screen.getByLabelText('Nome')).toBeTruthy();
    expect(screen.queryByLabelText('CNPJ')).toBeNull();
    expect(screen.queryByLabelText('Razão social')).toBeNull();
  });

  it('clears the other tax id when the type changes and submits only the one that applies', async () => {
    const onSubmit = vi.fn();
    renderInApp(<PartyForm onSubmit={onSubmit} />);
    fireEvent.change(await screen.findByLabelText('CNPJ'), { target: { value: '11222333000181' } });
    expect((screen.getByLabelText('CNPJ') as HTMLInputElement).value).toBe('11.222.333/0001-81');
    fireEvent.click(screen.getByLabelText('Pessoa física'));
    fireEvent.change(await screen.findByLabelText('CPF'), { target: { value: '52998224725' } });
    fireEvent.click(screen.getByLabelText('Pessoa jurídica'));
    // The CNPJ typed before was dropped when the type changed.
    expect((screen.getByLabelText('CNPJ') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByLabelText('Pessoa física'));
    // …and the CPF was dropped when it went back to a company.
    expect((screen.getByLabelText('CPF') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('CPF'), { target: { value: '52998224725' } });
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Ana Souza' } });
    fireEvent.change(screen.getByLabelText('CEP'), { target: { value: '11010000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      person_type_id: 1,
      cpf: '52998224725',
      cnpj: null,
      name: 'Ana Souza',
      postcode: '11010000',
    });
  });

  it('shows the missing tax id next to its field', async () => {
    const onSubmit = vi.fn();
    renderInApp(<PartyForm onSubmit={onSubmit} />);
    fireEvent.change(await screen.findByLabelText('Razão social'), { target: { value: 'Exportadora X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(partyMessages.cnpjRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hides the optional fields it is told to', async () => {
    renderInApp(
      <PartyForm onSubmit={() => {}} show={{ tradeName: false, stateRegistration: false, address: false }} />,
    );
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByLabelText('Telefone')).toBeTruthy();
    expect(screen.queryByLabelText('Nome fantasia')).toBeNull();
    expect(screen.queryByLabelText('Inscrição estadual')).toBeNull();
    expect(screen.queryByLabelText('CEP')).toBeNull();
  });
});
