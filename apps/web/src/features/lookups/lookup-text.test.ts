import { LOOKUPS, type LookupDefinition } from '@origem/contract/schemas/lookups';
import { describe, expect, it } from 'vitest';
import { lookupFormDefaults } from './lookup-form-values';
import {
  editRecordLabel,
  lowerFirst,
  newRecordLabel,
  rowLabel,
  searchPlaceholder,
  singularText,
} from './lookup-text';
import { lookupRow } from './test-rows';

describe('labels', () => {
  it('names the create action with the right gender and the singular in running text', () => {
    expect(newRecordLabel(LOOKUPS.currency)).toBe('Nova moeda');
    expect(newRecordLabel(LOOKUPS.measurement_unit)).toBe('Nova unidade de medida');
    expect(newRecordLabel(LOOKUPS.shipment_port)).toBe('Novo porto de embarque');
    expect(newRecordLabel(LOOKUPS.country)).toBe('Novo país');
    expect(editRecordLabel(LOOKUPS.transport)).toBe('Editar meio de transporte');
    expect(singularText(LOOKUPS.delivery_location)).toBe('local de entrega');
  });

  it('keeps acronyms in capitals', () => {
    expect(lowerFirst('UF')).toBe('UF');
    expect(lowerFirst('Código ISO')).toBe('código ISO');
    expect(lowerFirst('')).toBe('');
  });

  it('lists the searched fields in the search placeholder', () => {
    expect(searchPlaceholder(LOOKUPS.currency)).toBe('Código ISO, nome ou símbolo');
    expect(searchPlaceholder(LOOKUPS.shipment_port)).toBe('Nome, cidade ou UF');
    expect(searchPlaceholder(LOOKUPS.country)).toBe('Código ISO ou nome');
    expect(searchPlaceholder(LOOKUPS.sector)).toBe('Nome');
  });

  it('names a row by its name, else by its first text value', () => {
    expect(rowLabel(LOOKUPS.currency, lookupRow({ id: 1, code: 'USD', name: 'Dólar', symbol: 'US$' }))).toBe(
      'Dólar',
    );
    const codes: LookupDefinition = {
      ...LOOKUPS.sector,
      fields: [{ name: 'code', label: 'Código', kind: 'code' }],
    };
    expect(rowLabel(codes, lookupRow({ id: 4, code: 'X1' }))).toBe('X1');
    expect(rowLabel(codes, lookupRow({ id: 4, code: null }))).toBe('#4');
  });
});

describe('lookupFormDefaults', () => {
  it('starts a new row blank, with switches off', () => {
    expect(lookupFormDefaults(LOOKUPS.country)).toEqual({ code: '', name: '', aladi_member: false });
  });

  it('starts an edit from the row, blanks for nulls', () => {
    expect(
      lookupFormDefaults(
        LOOKUPS.shipment_port,
        lookupRow({ id: 3, name: 'Santos', city: null, state: 'SP' }),
      ),
    ).toEqual({ name: 'Santos', city: '', state: 'SP' });
    expect(
      lookupFormDefaults(
        LOOKUPS.country,
        lookupRow({ id: 1, code: 'AR', name: 'Argentina', aladi_member: true }),
      ),
    ).toMatchObject({ aladi_member: true });
  });
});
