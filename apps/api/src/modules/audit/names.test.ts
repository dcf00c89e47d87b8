import { auditNameKey, formatAuditDateTime } from '@origem/contract/schemas/audit';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, tradeAssociations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

type Entry = {
  id: number;
  auditable_type: string;
  auditable_id: number | null;
  created_at: string;
  new_values: Record<string, unknown> | null;
  names: Record<string, string>;
};

let t: TestApp;
let admin: string;
let santos = { id: 0, name: '' };
let analystRole = 0;
let created = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [association] = await t.db
    .select({ id: tradeAssociations.id, name: tradeAssociations.name })
    .from(tradeAssociations);
  santos = association ?? santos;
  analystRole =
    (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'analista')))[0]?.id ?? 0;
  const res = await t.request('POST', '/v1/user', {
    token: admin,
    body: {
      name: 'Nadia Nomeada',
      email: 'nadia@origem.local',
      role_id: analystRole,
      trade_association_id: santos.id,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  created = res.json<{ id: number }>().id;
});
afterAll(() => t.close());

describe('the audit trail names what it mentions (issue 9, item 3)', () => {
  it('each entry names its record and the records its values point at', async () => {
    const res = await t.request('GET', `/v1/audit?auditable_type=user&auditable_id=${created}`, {
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    const [entry] = res.json<{ data: Entry[] }>().data;
    expect(entry?.new_values).toMatchObject({ role_id: analystRole, trade_association_id: santos.id });
    expect(entry?.names).toMatchObject({
      [auditNameKey('user', created)]: 'Nadia Nomeada',
      [auditNameKey('role', analystRole)]: 'Analista',
      [auditNameKey('trade_association', santos.id)]: santos.name,
    });
  });

  it('answers a page with one name query per type, whatever the number of entries', async () => {
    const res = await t.request('GET', '/v1/audit', { token: admin });
    const entries = res.json<{ data: Entry[] }>().data;
    expect(entries.length).toBeGreaterThan(1);
    for (const entry of entries) expect(typeof entry.names).toBe('object');
  });

  it('the CSV has the record name and the same Brasília time as the screen', async () => {
    const list = await t.request('GET', `/v1/audit?auditable_type=user&auditable_id=${created}`, {
      token: admin,
    });
    const [entry] = list.json<{ data: Entry[] }>().data;
    const csv = await t.request('GET', `/v1/audit/export_csv?auditable_type=user&auditable_id=${created}`, {
      token: admin,
    });
    const [header, line] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header?.split(';').at(-1)).toBe('Nome do registro');
    expect(line?.split(';').at(-1)).toBe('Nadia Nomeada');
    expect(line?.split(';')[1]).toBe(formatAuditDateTime(entry?.created_at ?? ''));
  });

  it('writes Brasília time whatever the server clock zone', async () => {
    await t.db.execute(
      sql`update audits set created_at = '2026-01-01T02:30:00Z' where auditable_id = ${created}`,
    );
    const csv = await t.request('GET', `/v1/audit/export_csv?auditable_type=user&auditable_id=${created}`, {
      token: admin,
    });
    expect(csv.body.split('\r\n')[1]?.split(';')[1]).toBe('31/12/2025 23:30:00');
  });
});
