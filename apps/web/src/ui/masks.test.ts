import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatRange, formatTaxId } from './format';
import { maskCep, maskCnpj, maskCpf, maskCpfCnpj, maskNcm, maskPhone, unmask } from './masks';

describe('input masks', () => {
  it('masks CPF progressively', () => {
    expect(maskCpf('123')).toBe('123');
    expect(maskCpf('1234')).toBe('123.4');
    expect(maskCpf('12345678909')).toBe('123.456.789-09');
    expect(maskCpf('123.456.789-0999')).toBe('123.456.789-09');
  });

  it('masks CNPJ, alphanumeric included', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    // The two check digits are digits only.
    expect(maskCnpj('12ABC34501DEXX')).toBe('12.ABC.345/01DE');
  });

  it('switches from CPF to CNPJ by length or letters', () => {
    expect(maskCpfCnpj('12345678909')).toBe('123.456.789-09');
    expect(maskCpfCnpj('112223330001')).toBe('11.222.333/0001');
    expect(maskCpfCnpj('12A')).toBe('12.A');
  });

  it('masks CEP, phone and NCM', () => {
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('')).toBe('');
    expect(maskNcm('84713012')).toBe('8471.30.12');
  });

  it('unmasks keeping letters', () => {
    expect(unmask('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(unmask(null)).toBe('');
  });
});

describe('display formatters', () => {
  it('formats tax ids by length', () => {
    expect(formatTaxId('12345678909')).toBe('123.456.789-09');
    expect(formatTaxId('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatTaxId(null, '—')).toBe('—');
  });

  it('formats dates as dd/mm/aaaa without shifting plain dates', () => {
    expect(formatDate('2024-05-31')).toBe('31/05/2024');
    expect(formatDate(new Date(2024, 0, 2, 10, 30))).toBe('02/01/2024');
    expect(formatDateTime(new Date(2024, 0, 2, 10, 30))).toBe('02/01/2024 10:30');
    expect(formatDate(undefined)).toBe('');
  });

  it('formats numbers, money and the table range in pt-BR', () => {
    expect(formatNumber(5432)).toBe('5.432');
    expect(formatMoney(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatRange(1, 10, 5432)).toBe('1–10 de 5.432');
  });
});
