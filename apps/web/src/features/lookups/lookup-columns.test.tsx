import { LOOKUPS, type LookupDefinition, type LookupRow } from '@origem/contract/schemas/lookups';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { columnFields, lookupColumns } from './lookup-columns';
import { lookupRow } from './test-rows';

type Rendered = {
  title?: unknown;
  key?: unknown;
  render?: (value: unknown, row: LookupRow, index: number) => ReactNode;
};

const cells = (def: LookupDefinition, row: LookupRow, actions?: Parameters<typeof lookupColumns>[1]) =>
  (lookupColumns(def, actions) as Rendered[]).map((column) => (
    <span key={String(column.key)}>{column.render?.(row[String(column.key)], row, 0)}</span>
  ));

describe('lookupColumns', () => {
  it('shows the fields marked as columns, in the definition order', () => {
    expect(lookupColumns(LOOKUPS.currency).map((c) => c.title)).toEqual(['Código ISO', 'Nome', 'Símbolo']);
    expect(lookupColumns(LOOKUPS.delivery_location).map((c) => c.title)).toEqual([
      'Nome',
      'Endereço',
      'Cidade',
    ]);
  });

  it('always shows the name, and leaves out fields not marked as columns', () => {
    const def: LookupDefinition = {
      ...LOOKUPS.sector,
      fields: [
        { name: 'code', label: 'Código', kind: 'code', column: true },
        { name: 'name', label: 'Nome', kind: 'text' },
        { name: 'notes', label: 'Observações', kind: 'text' },
      ],
    };
    expect(columnFields(def).map((f) => f.name)).toEqual(['code', 'name']);
  });

  it('shows booleans as Sim/Não tags and blank text as a dash', () => {
    render(
      <div>
        <p>
          {cells(LOOKUPS.country, lookupRow({ id: 1, code: 'AR', name: 'Argentina', aladi_member: true }))}
        </p>
        <p>
          {cells(LOOKUPS.country, lookupRow({ id: 2, code: 'FI', name: 'Finlândia', aladi_member: false }))}
        </p>
        <p>{cells(LOOKUPS.shipment_port, lookupRow({ id: 3, name: 'Santos', city: null, state: 'SP' }))}</p>
      </div>,
    );
    expect(screen.getByText('Sim')).toBeTruthy();
    expect(screen.getByText('Não')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
  });

  it('adds Editar / Excluir for the row only when actions are given', () => {
    expect(lookupColumns(LOOKUPS.currency).some((c) => c.key === 'actions')).toBe(false);
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const row = lookupRow({ id: 7, code: 'EUR', name: 'Euro', symbol: '€' });
    render(<div>{cells(LOOKUPS.currency, row, { onEdit, onDelete })}</div>);
    fireEvent.click(screen.getByRole('button', { name: 'Editar Euro' }));
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Euro' }));
    expect(onEdit).toHaveBeenCalledWith(row);
    expect(onDelete).toHaveBeenCalledWith(row);
  });
});
