import { describe, expect, it } from 'vitest';
import {
  auditableTypeLabel,
  auditEventLabel,
  auditEventTone,
  auditRecordLabel,
  auditRecordName,
  formatAuditTime,
} from './audit-labels';

describe('auditEventTone', () => {
  it('colours events by kind', () => {
    expect(auditEventTone('created')).toBe('green');
    expect(auditEventTone('restored')).toBe('green');
    expect(auditEventTone('updated')).toBe('blue');
    expect(auditEventTone('password_changed')).toBe('blue');
    expect(auditEventTone('deleted')).toBe('red');
    expect(auditEventTone('login')).toBe('default');
    expect(auditEventTone('logout')).toBe('default');
    expect(auditEventTone('login_failed')).toBe('orange');
    expect(auditEventTone('account_locked')).toBe('orange');
  });

  it('places workflow actions it does not know by their name', () => {
    expect(auditEventTone('approved')).toBe('green');
    expect(auditEventTone('cancelled')).toBe('red');
    expect(auditEventTone('signature_failed')).toBe('orange');
    expect(auditEventTone('sent_for_analysis')).toBe('blue');
    expect(auditEventTone('something_else')).toBe('default');
  });
});

describe('labels', () => {
  it('reads events and types in Portuguese, humanizing unknown codes', () => {
    expect(auditEventLabel('created')).toBe('Criado');
    expect(auditEventLabel('login_failed')).toBe('Falha de login');
    expect(auditEventLabel('sent_for_analysis')).toBe('Sent for analysis');
    expect(auditableTypeLabel('user')).toBe('Usuário');
    expect(auditableTypeLabel('certificate_flow')).toBe('Certificate flow');
  });

  it('names the record by its name: the current one, or the one its values recorded; the number only as a last resort', () => {
    const base = { auditable_type: 'user', auditable_id: 12, old_values: null, new_values: null, names: {} };
    expect(auditRecordLabel({ ...base, names: { 'user:12': 'Bruna Nova' } })).toBe('Usuário: Bruna Nova');
    expect(auditRecordLabel({ ...base, old_values: { name: 'Ana Antiga' } })).toBe('Usuário: Ana Antiga');
    expect(
      auditRecordLabel({ ...base, auditable_type: 'company', new_values: { corporate_name: 'ACME Ltda.' } }),
    ).toBe('Empresa: ACME Ltda.');
    expect(auditRecordLabel(base)).toBe('Usuário nº 12');
    expect(auditRecordName(base)).toBeNull();
    expect(auditRecordLabel({ ...base, auditable_type: 'session', auditable_id: null })).toBe('Sessão');
  });

  it('labels the records and events the server now writes', () => {
    expect(auditableTypeLabel('exporter')).toBe('Exportador');
    expect(auditableTypeLabel('pre_registration')).toBe('Pré-cadastro');
    expect(auditEventLabel('approved')).toBe('Aprovado');
  });
});

describe('formatAuditTime', () => {
  it('shows dd/mm/aaaa hh:mm:ss in Brasília time, whatever the browser zone (as the CSV does)', () => {
    expect(formatAuditTime('2026-03-05T12:07:03Z')).toBe('05/03/2026 09:07:03');
    expect(formatAuditTime('2026-01-01T02:30:00.000Z')).toBe('31/12/2025 23:30:00');
    expect(formatAuditTime(null)).toBe('');
    expect(formatAuditTime('não é data')).toBe('não é data');
  });
});
