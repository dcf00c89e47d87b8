import { describe, expect, it } from 'vitest';
import { auditExportPath, auditFilterQueryString } from './audit-export';

describe('audit export address', () => {
  it('carries every non-empty filter, in a fixed order, and no page or order', () => {
    expect(
      auditFilterQueryString({
        page: 3,
        order: '-id',
        auditable_id: 12,
        event: 'created',
        start_date: '2026-03-01',
        end_date: '2026-03-31',
        user_id: 4,
        ip_address: '10.0.0.1',
        auditable_type: 'user',
      }),
    ).toBe(
      'start_date=2026-03-01&end_date=2026-03-31&user_id=4&ip_address=10.0.0.1&event=created&auditable_type=user&auditable_id=12',
    );
  });

  it('leaves blank values and unknown keys out', () => {
    expect(auditFilterQueryString({ event: '  ', user_id: null, ip_address: undefined, foo: 'bar' })).toBe(
      '',
    );
    expect(auditFilterQueryString({ event: ' login ' })).toBe('event=login');
  });

  it('encodes values', () => {
    expect(auditFilterQueryString({ ip_address: '::1', event: 'a&b' })).toBe(
      'ip_address=%3A%3A1&event=a%26b',
    );
  });

  it('builds the export path, bare without filters', () => {
    expect(auditExportPath({})).toBe('/v1/audit/export_csv');
    expect(auditExportPath({ event: 'created', auditable_type: 'user', page: 2 })).toBe(
      '/v1/audit/export_csv?event=created&auditable_type=user',
    );
  });
});
