import { describe, expect, it } from 'vitest';
import {
  auditableTypeLabel,
  auditEventLabel,
  auditEventTone,
  auditRecordLabel,
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

  it("names the record as 'Tipo #id', or the type alone without an id", () => {
    expect(auditRecordLabel('user', 12)).toBe('Usuário #12');
    expect(auditRecordLabel('session', null)).toBe('Sessão');
  });
});

describe('formatAuditTime', () => {
  it('shows dd/mm/aaaa hh:mm:ss in the local time zone', () => {
    const local = new Date(2026, 2, 5, 9, 7, 3);
    expect(formatAuditTime(local.toISOString())).toBe('05/03/2026 09:07:03');
    expect(formatAuditTime(null)).toBe('');
    expect(formatAuditTime('não é data')).toBe('não é data');
  });
});
