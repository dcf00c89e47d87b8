import { describe, expect, it } from 'vitest';
import { auditDiffRows, auditFieldLabel, EMPTY_VALUE, formatAuditValue } from './audit-diff';

describe('auditDiffRows', () => {
  it('a creation has only the "after" side, one row per recorded field', () => {
    const rows = auditDiffRows(null, { name: 'Ana', email: 'ana@x.com', active: true, role_id: 2 });
    expect(rows).toEqual([
      { field: 'name', label: 'Nome', before: null, after: 'Ana' },
      { field: 'email', label: 'E-mail', before: null, after: 'ana@x.com' },
      { field: 'role_id', label: 'Perfil (id)', before: null, after: '2' },
      { field: 'active', label: 'Ativo', before: null, after: 'Sim' },
    ]);
  });

  it('an update shows both sides; a deletion only the "before" side', () => {
    expect(auditDiffRows({ active: true }, { active: false })).toEqual([
      { field: 'active', label: 'Ativo', before: 'Sim', after: 'Não' },
    ]);
    expect(auditDiffRows({ name: 'Ana' }, null)).toEqual([
      { field: 'name', label: 'Nome', before: 'Ana', after: null },
    ]);
  });

  it('puts known fields in reading order, whatever order the database kept', () => {
    const rows = auditDiffRows(null, {
      cpf: null,
      role_id: 2,
      zeta: 1,
      name: 'Ana',
      email: 'a@x.com',
      alpha: 0,
    });
    expect(rows.map((r) => r.field)).toEqual(['name', 'email', 'cpf', 'role_id', 'zeta', 'alpha']);
  });

  it('lists the fields of both sides once, old ones first', () => {
    const rows = auditDiffRows({ a: 1, b: 2 }, { b: 3, c: 4 });
    expect(rows.map((r) => [r.field, r.before, r.after])).toEqual([
      ['a', '1', null],
      ['b', '2', '3'],
      ['c', null, '4'],
    ]);
  });

  it('nothing recorded (a login) gives no rows', () => {
    expect(auditDiffRows(null, null)).toEqual([]);
    expect(auditDiffRows({}, {})).toEqual([]);
  });
});

describe('formatAuditValue', () => {
  it('joins lists and pretty-prints nested objects', () => {
    expect(formatAuditValue(['user.view', 'audit.view'])).toBe('user.view, audit.view');
    expect(formatAuditValue([])).toBe(EMPTY_VALUE);
    expect(formatAuditValue({ a: 1 })).toBe('{\n  "a": 1\n}');
  });

  it('shows blanks, booleans and dates readably', () => {
    expect(formatAuditValue(null)).toBe(EMPTY_VALUE);
    expect(formatAuditValue('')).toBe(EMPTY_VALUE);
    expect(formatAuditValue(false)).toBe('Não');
    expect(formatAuditValue(0)).toBe('0');
    expect(formatAuditValue('2026-03-05')).toBe('05/03/2026');
    const local = new Date(2026, 2, 5, 9, 7, 3);
    expect(formatAuditValue(local.toISOString())).toBe('05/03/2026 09:07:03');
  });

  it('masks CPF, CNPJ and phones, and translates coded reasons', () => {
    expect(formatAuditValue('52998224725', 'cpf')).toBe('529.982.247-25');
    expect(formatAuditValue('11222333000181', 'cnpj')).toBe('11.222.333/0001-81');
    expect(formatAuditValue('password', 'reason')).toBe('Senha incorreta');
    expect(formatAuditValue('locked', 'reason')).toBe('Conta bloqueada');
    expect(formatAuditValue('password', 'name')).toBe('password');
  });
});

describe('auditFieldLabel', () => {
  it('names known fields in Portuguese and leaves the others as recorded', () => {
    expect(auditFieldLabel('display_name')).toBe('Nome de exibição');
    expect(auditFieldLabel('port_of_loading')).toBe('port_of_loading');
  });
});
