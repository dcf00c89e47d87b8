import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { audits } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { csvLine } from './csv';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The file's lines, without its BOM and its last line break. */
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('csvLine', () => {
  it('writes control characters as visible escapes, so no byte can cut or garble the file', () => {
    expect(csvLine(['a\u0000b', 'bell\u0007', '\u001b[31mvermelho', 'fim\u2028linha', 7, null])).toBe(
      'a\\u0000b;bell\\u0007;\\u001b[31mvermelho;fim\\u2028linha;7;\r\n',
    );
  });

  it('still quotes separators and neutralises formulas', () => {
    expect(csvLine(['=1+1', 'a;b', 'diz "oi"', 'duas\nlinhas'])).toBe(
      `'=1+1;"a;b";"diz ""oi""";"duas\nlinhas"\r\n`,
    );
  });

  it('neutralises every formula start, on plain and quoted text alike, but not a negative number', () => {
    expect(csvLine(['+55 11', '-x', '@soma', '\tx', '\r=1', '=a;b', -5, 'ção', ''])).toBe(
      `'+55 11;'-x;'@soma;'\tx;"'\r=1";"'=a;b";-5;ção;\r\n`,
    );
  });
});

describe('GET /v1/audit/export_csv escapes what is stored', () => {
  it('exports every row whole, with the stored control characters escaped', async () => {
    const admin = await t.login('admin');
    await t.db.insert(audits).values({
      event: 'login_failed',
      auditable_type: 'session',
      user_agent: 'robo\u0001\u001b[2J\u007f',
      url: '/v1/oauth/token?x=\u0008',
      ip_address: '203.0.113.9',
      new_values: { email: 'sino\u0007@exemplo.com', nota: 'quebra\u000bvertical' },
    });
    const res = await t.request('GET', '/v1/audit/export_csv?ip_address=203.0.113.9', { token: admin });
    expect(res.statusCode).toBe(200);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this does.
    expect(res.body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('robo\\u0001\\u001b[2J\\u007f');
    expect(lines[1]).toContain('/v1/oauth/token?x=\\u0008');
    expect(lines[1]).toContain('sino\\u0007@exemplo.com');
  });
});

describe('GET /v1/audit/export_csv carries every character it read (COPY on PostgreSQL, batches on PGlite)', () => {
  it('tabs, line breaks, backslashes, a literal \\N and long multi-byte text come out as stored', async () => {
    const admin = await t.login('admin');
    const agent = 'tab\there "aspas" barra\\invertida \\N ção;fim';
    const url = '/v1/x?a=1\nb\\n';
    // Long multi-byte values: COPY's chunks end anywhere, inside a character too.
    const long = 'ação '.repeat(20_000);
    await t.db.insert(audits).values({
      event: 'updated',
      auditable_type: 'session',
      user_agent: agent,
      url,
      ip_address: '203.0.113.77',
      new_values: { nota: 'linha\nquebrada\tcom \\ e "aspas"', longa: long },
    });
    const res = await t.request('GET', '/v1/audit/export_csv?ip_address=203.0.113.77', { token: admin });
    expect(res.statusCode).toBe(200);
    const body = res.body.replace(/^\uFEFF/, '');
    expect(body).toContain(`;${csvLine([agent]).trimEnd()};`);
    expect(body).toContain(`;${csvLine([url]).trimEnd()};`);
    // The JSON as the database writes it.
    const [stored] = await queryRows<{ json: string }>(
      t.db,
      sql`select new_values::text as json from audits where ip_address = '203.0.113.77'`,
    );
    expect(stored?.json).toContain('quebrada\\tcom');
    expect(body).toContain(`;${csvLine([stored?.json ?? '']).trimEnd()};`);
  });
});

describe('GET /v1/audit/export_csv filters by text as text (COPY writes them as literals)', () => {
  it('a quote, a backslash or SQL in a filter finds what matches it, and nothing else runs', async () => {
    const admin = await t.login('admin');
    const odd = "x' or '1'='1\\";
    await t.db.insert(audits).values({ event: 'updated', auditable_type: odd, ip_address: "10.9.'8" });
    const exported = async (query: string) => {
      const res = await t.request('GET', `/v1/audit/export_csv?${query}`, { token: admin });
      expect(res.statusCode, query).toBe(200);
      return csvLines(res.body);
    };
    const byType = await exported(`auditable_type=${encodeURIComponent(odd)}`);
    expect(byType).toHaveLength(2);
    expect(byType[1]).toContain(";10.9.'8;");
    expect(await exported(`ip_address=${encodeURIComponent("10.9.'")}`)).toHaveLength(2);
    // The header alone.
    expect(await exported(`auditable_type=${encodeURIComponent("' or ''='")}`)).toHaveLength(1);
  });
});
