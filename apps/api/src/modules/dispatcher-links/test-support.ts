import type { DispatcherLink, DispatcherLinkAnswer } from '@origem/contract/schemas/dispatcher-links';
import { withCheckDigits } from '@origem/contract/validators/tax-id';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../db/client';
import {
  audits,
  dispatchers,
  exporters,
  federations,
  dispatcherExporterLinks as links,
  roles,
  tradeAssociations,
  users,
} from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { hashPassword } from '../../lib/secrets';
import type { TestApp } from '../../test/app';

/**
 * The cast of the link suites: the demo parties of Santos plus a second exporter and dispatcher there, a pair in
 * another association (Campinas), each with a signed-in user, and the staff of both associations.
 */
export type World = {
  tok: Record<string, string>;
  santos: number;
  campinas: number;
  cafe: number;
  porto: number;
  acucar: number;
  brisa: number;
  campinasExporter: number;
  campinasDispatcher: number;
};

let cnpjSeq = 0;
const nextCnpj = () => withCheckDigits(`61${String(++cnpjSeq).padStart(6, '0')}0001`);

async function roleId(t: TestApp, name: string): Promise<number> {
  const [row] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`perfil ${name} não semeado`);
  return row.id;
}

export async function insertParty(
  t: TestApp,
  kind: 'exporter' | 'dispatcher',
  name: string,
  tradeAssociationId: number,
  email: string | null = null,
): Promise<number> {
  const table = kind === 'exporter' ? exporters : dispatchers;
  const [row] = await t.db
    .insert(table)
    .values({ person_type_id: 2, cnpj: nextCnpj(), name, email, trade_association_id: tradeAssociationId })
    .returning({ id: table.id });
  if (!row) throw new Error(`${name} não criado`);
  return row.id;
}

/** A user that signs in as `<local>@origem.local` / the demo password. */
export async function insertUser(
  t: TestApp,
  local: string,
  role: string,
  values: { trade_association_id: number; exporter_id?: number; dispatcher_id?: number },
): Promise<void> {
  await t.db.insert(users).values({
    name: `Usuário ${local}`,
    email: `${local}@origem.local`,
    password_hash: await hashPassword(DEMO_PASSWORD),
    role_id: await roleId(t, role),
    change_password: false,
    ...values,
  });
}

export async function buildWorld(t: TestApp): Promise<World> {
  const [cafe] = await t.db
    .select({ id: exporters.id, ta: exporters.trade_association_id })
    .from(exporters)
    .where(eq(exporters.name, 'Café Santista Exportadora Ltda.'));
  const [porto] = await t.db
    .select({ id: dispatchers.id })
    .from(dispatchers)
    .where(eq(dispatchers.name, 'Porto Despachos Aduaneiros Ltda.'));
  if (!cafe || !porto) throw new Error('partes de demonstração ausentes');
  const santos = cafe.ta;
  const [federation] = await t.db.select({ id: federations.id }).from(federations);
  const [campinas] = await t.db
    .insert(tradeAssociations)
    .values({
      name: 'Associação Comercial de Campinas',
      abbreviation: 'ACC',
      ehid: 'ACC',
      federation_id: federation?.id,
    })
    .returning({ id: tradeAssociations.id });
  if (!campinas) throw new Error('associação não criada');

  const acucar = await insertParty(
    t,
    'exporter',
    'Açúcar Paulista Exportadora S.A.',
    santos,
    'comex@acucar.origem.local',
  );
  const brisa = await insertParty(t, 'dispatcher', 'Brisa Despachos Ltda.', santos, null);
  const campinasExporter = await insertParty(t, 'exporter', 'Exportadora Campineira Ltda.', campinas.id);
  const campinasDispatcher = await insertParty(t, 'dispatcher', 'Despachos Campinas Ltda.', campinas.id);
  await insertUser(t, 'acucar', 'exportador', { trade_association_id: santos, exporter_id: acucar });
  await insertUser(t, 'brisa', 'despachante', { trade_association_id: santos, dispatcher_id: brisa });
  await insertUser(t, 'campinas.exportador', 'exportador', {
    trade_association_id: campinas.id,
    exporter_id: campinasExporter,
  });
  await insertUser(t, 'campinas.despachante', 'despachante', {
    trade_association_id: campinas.id,
    dispatcher_id: campinasDispatcher,
  });
  await insertUser(t, 'campinas.analista', 'analista', { trade_association_id: campinas.id });

  const tok: Record<string, string> = {};
  for (const login of [
    'admin',
    'analista',
    'associacao',
    'federacao',
    'confederacao',
    'fabricante',
    'exportador',
    'despachante',
    'acucar',
    'brisa',
    'campinas.exportador',
    'campinas.despachante',
    'campinas.analista',
  ]) {
    tok[login] = await t.login(login);
  }
  return {
    tok,
    santos,
    campinas: campinas.id,
    cafe: cafe.id,
    porto: porto.id,
    acucar,
    brisa,
    campinasExporter,
    campinasDispatcher,
  };
}

/** What a refused link call must leave alone: the links, their history, audits and queued mail. */
export async function linkSnapshot(t: TestApp) {
  const [row] = await queryRows<Record<string, string | number>>(
    t.db,
    sql`select (select md5(coalesce(string_agg(l::text, '|' order by l.id), '')) from dispatcher_exporter_links l) as links,
               (select count(*)::int from flow_steps) as steps,
               (select count(*)::int from audits) as audits,
               (select count(*)::int from mail_outbox) as mails`,
  );
  return row;
}

export async function expectNothingChanged<T>(t: TestApp, action: () => Promise<T>): Promise<T> {
  const before = await linkSnapshot(t);
  const result = await action();
  expect(await linkSnapshot(t)).toEqual(before);
  return result;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The calls every link suite makes, as the world's users. */
export function linkCalls(t: TestApp, w: World) {
  const call = (method: Method, url: string, who: string, body?: unknown) =>
    t.request(method, url, { token: w.tok[who], ...(body !== undefined ? { body } : {}) });

  /** The dispatcher's user asks the exporter. */
  const dispatcherAsks = (exporterId: number, who = 'despachante') =>
    call('POST', `/v1/dispatcher_exporter/exporter/${exporterId}/link`, who);
  /** The exporter's user asks the dispatcher. */
  const exporterAsks = (dispatcherId: number, who = 'exportador') =>
    call('POST', `/v1/exporter_dispatcher/dispatcher/${dispatcherId}/link`, who);

  async function created(res: Awaited<ReturnType<typeof call>>): Promise<DispatcherLink> {
    expect(res.statusCode, res.body).toBe(201);
    return res.json<DispatcherLinkAnswer>().dispatcher_exporter_link;
  }

  async function stored(id: number) {
    const [row] = await t.db.select().from(links).where(eq(links.id, id));
    if (!row) throw new Error(`vínculo ${id} não existe`);
    return row;
  }

  async function auditTrail(id: number) {
    const rows = await t.db
      .select({ event: audits.event })
      .from(audits)
      .where(and(eq(audits.auditable_type, 'dispatcher_exporter_link'), eq(audits.auditable_id, id)))
      .orderBy(audits.id);
    return rows.map((r) => r.event);
  }

  const exporterUsers: Record<number, string> = {
    [w.cafe]: 'exportador',
    [w.acucar]: 'acucar',
    [w.campinasExporter]: 'campinas.exportador',
  };

  /** Ends a link still active: its exporter asks for the deletion of an approved one, an administrator confirms. */
  async function endLink(id: number) {
    const row = await stored(id);
    if (row.status === 'REPROVADO' || row.status === 'EXCLUIDO') return;
    if (row.status === 'APROVADO') {
      const who = exporterUsers[row.exporter_id] ?? '';
      const asked = await call('PUT', `/v1/exporter_dispatcher/link/${id}/deletion`, who);
      expect(asked.statusCode, asked.body).toBe(200);
    }
    const res = await call('DELETE', `/v1/dispatcher_exporter_link/${id}`, 'admin');
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A link the dispatcher asked for and the exporter approved. */
  async function approvedLink(exporterId: number, dispatcher = 'despachante', exporter = 'exportador') {
    const link = await created(await dispatcherAsks(exporterId, dispatcher));
    const res = await call('PUT', `/v1/dispatcher_exporter_link/${link.id}/approval`, exporter);
    expect(res.statusCode, res.body).toBe(200);
    return link;
  }

  return { call, dispatcherAsks, exporterAsks, created, stored, auditTrail, endLink, approvedLink };
}
export type LinkCalls = ReturnType<typeof linkCalls>;
