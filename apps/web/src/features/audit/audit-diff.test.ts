import { describe, expect, it } from 'vitest';
import { auditDiffRows, auditFieldLabel, EMPTY_VALUE, formatAuditValue } from './audit-diff';

describe('auditDiffRows', () => {
  it('a creation has only the "after" side, one row per recorded field', () => {
    const rows = auditDiffRows(null, { name: 'Ana', email: 'ana@x.com', active: true, role_id: 2 });
    expect(rows).toEqual([
      { field: 'name', label: 'Nome', before: null, after: 'Ana' },
      { field: 'email', label: 'E-mail', before: null, after: 'ana@x.com' },
      { field: 'role_id', label: 'Perfil', before: null, after: 'nº 2' },
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
    expect(formatAuditValue('2026-03-05T12:07:03.000Z')).toBe('05/03/2026 09:07:03');
  });

  it('shows the records an id points at by name (issue 9, item 3)', () => {
    const names = { 'trade_association:1': 'Associação Comercial de Santos', 'user:7': 'Bruna Nova' };
    const rows = auditDiffRows(
      { trade_association_id: 1, exporter_id: 4 },
      { trade_association_id: 2, user_id: 7 },
      names,
    );
    expect(rows).toEqual([
      {
        field: 'trade_association_id',
        label: 'Associação comercial',
        before: 'Associação Comercial de Santos (nº 1)',
        after: 'nº 2',
      },
      { field: 'exporter_id', label: 'Exportador', before: 'nº 4', after: null },
      { field: 'user_id', label: 'Usuário', before: null, after: 'Bruna Nova (nº 7)' },
    ]);
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
