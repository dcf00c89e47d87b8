import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { idempotencyKeys, preRegistrations, sectors, tradeAssociations } from '../db/schema';
import { applicantParts, taxIds } from '../modules/pre-registrations/test-support';
import { createTestApp, type TestApp } from '../test/app';
import { multipart } from '../test/multipart';

/** `Idempotency-Key`: a retried create returns its first answer and creates nothing new. */

let t: TestApp;
let admin = '';
const ids = taxIds('5');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const countSectors = async (name: string) =>
  (await t.db.select().from(sectors).where(eq(sectors.name, name))).length;

describe('Idempotency-Key', () => {
  it('replays the first answer of a JSON create and writes one row', async () => {
    const send = () =>
      t.request('POST', '/v1/sector', {
        token: admin,
        body: { name: 'Papelão ondulado' },
        headers: { 'idempotency-key': 'setor-papel-1' },
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countSectors('Papelão ondulado')).toBe(1);
    expect(t.app.unauditedMutations).toEqual([]);
  });

  it('creates once when two identical requests race', async () => {
    const send = () =>
      t.request('POST', '/v1/sector', {
        token: admin,
        body: { name: 'Borracha' },
        headers: { 'idempotency-key': 'setor-borracha' },
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.filter((a) => a.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    expect(await countSectors('Borracha')).toBe(1);
  });

  it('refuses the same key on a different request (409)', async () => {
    await t.request('POST', '/v1/sector', {
      token: admin,
      body: { name: 'Vidro' },
      headers: { 'idempotency-key': 'chave-reusada' },
    });
    const other = await t.request('POST', '/v1/sector', {
      token: admin,
      body: { name: 'Cristal' },
      headers: { 'idempotency-key': 'chave-reusada' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'IdempotencyConflict',
      message: 'Esta chave de idempotência já foi usada em outra solicitação.',
    });
    expect(await countSectors('Cristal')).toBe(0);
  });

  it('lets a refused request be retried with the same key (nothing was stored for it)', async () => {
    const bad = await t.request('POST', '/v1/sector', {
      token: admin,
      body: { name: '' },
      headers: { 'idempotency-key': 'setor-corrigido' },
    });
    expect(bad.statusCode).toBe(422);
    const fixed = await t.request('POST', '/v1/sector', {
      token: admin,
      body: { name: 'Têxtil técnico' },
      headers: { 'idempotency-key': 'setor-corrigido' },
    });
    expect(fixed.statusCode).toBe(201);
  });

  it('answers 409 (the key naming its record) when the first answer could not be kept (a streamed answer)', async () => {
    const send = () =>
      t.request('POST', '/v1/sector', {
        token: admin,
        body: { name: 'Cerâmica' },
        headers: { 'idempotency-key': 'setor-ceramica' },
      });
    const first = await send();
    // What a streamed answer leaves: the key with its record, no answer to replay (a crash no longer can: the
    // answer commits with the change, idempotency-crash.test.ts).
    await t.db
      .update(idempotencyKeys)
      .set({ status_code: null, response: null })
      .where(eq(idempotencyKeys.key, 'setor-ceramica'));
    const retry = await send();
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({
      code: 'IdempotencyConflict',
      message: 'Esta solicitação já foi processada. Atualize a página para ver o resultado.',
    });
    expect(await countSectors('Cerâmica')).toBe(1);
    const [key] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'setor-ceramica'));
    expect(key).toMatchObject({ record_type: 'sector', record_id: first.json().id });
  });

  it('keeps no key for a refusal inside the change (rolled back with it), so the retry runs', async () => {
    await t.request('POST', '/v1/sector', { token: admin, body: { name: 'Duplicado' } });
    const dup = await t.request('POST', '/v1/sector', {
      token: admin,
      body: { name: 'Duplicado' },
      headers: { 'idempotency-key': 'setor-duplicado' },
    });
    expect(dup.statusCode).toBeGreaterThanOrEqual(400);
    const keys = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'setor-duplicado'));
    expect(keys).toEqual([]);
  });

  it('refuses a malformed key with a Portuguese message', async () => {
    const res = await t.request('POST', '/v1/sector', {
      token: admin,
      body: { name: 'Qualquer' },
      headers: { 'idempotency-key': 'tem espaço e ç' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['Idempotency-Key']).toEqual([
      'Use até 100 letras, números ou os caracteres - _ . :',
    ]);
  });

  it('works on the public multipart sign-up: the retried form creates one pre-registration', async () => {
    const [assoc] = await t.db.select().from(tradeAssociations);
    const cnpj = ids.cnpj();
    const parts = applicantParts(cnpj, ids.seq, {
      federation: assoc?.federation_id ?? 0,
      association: assoc?.id ?? 0,
    });
    const send = () => {
      const body = multipart(parts);
      return t.request('POST', '/v1/pre_registration', {
        ...body,
        headers: { ...body.headers, 'idempotency-key': `pre-cadastro-${cnpj}` },
      });
    };
    const first = await send();
    expect(first.statusCode).toBe(201);
    const second = await send();
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    const rows = await t.db.select().from(preRegistrations).where(eq(preRegistrations.cnpj, cnpj));
    expect(rows).toHaveLength(1);
    // The second upload's blob was not kept either.
    const [files] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from stored_files where owner_type = 'pre_registration' and owner_id = ${first.json().id}`,
    );
    expect(files?.n).toBe(1);
    const keys = await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.user_id, 0), eq(idempotencyKeys.key, `pre-cadastro-${cnpj}`)));
    expect(keys).toHaveLength(1);
  });
});
