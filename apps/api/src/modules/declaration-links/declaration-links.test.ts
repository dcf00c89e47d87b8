import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { declarationLinkMessages as text } from '@origem/contract/schemas/declaration-links';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { declarationLinks, declarations } from '../../db/schema';
import { DEMO_ROLES, type DemoRole, type TestApp } from '../../test/app';
import {
  addAssociation,
  addExporterWithUser,
  addUser,
  auditsOf,
  type DemoRefs,
  exporterDeclaration,
  linkDispatcher,
  openDeclarationSuite,
  stepsOf,
} from '../declarations/test-support';

/**
 * Declaration links (DOMAIN.md §6, SPEC §7 "Declaration links") and what they open: the declarations an exporter
 * may cite in a certificate (GET /v1/declaration/certificate/{exporterId}).
 */

let t: TestApp;
let r: DemoRefs;
let tok: Record<DemoRole, string>;
const BASE = '/v2/declaration_link';

type Link = {
  id: number;
  status: string;
  declaration_id: number;
  exporter_id: number;
  manufacturer_id: number;
  requested_side: string;
  actions: string[];
  declaration_link_flow: { id: string; name: string };
};
type Page<T> = { data: T[]; total: number; per_page: number };

/** Second exporter (asks for links) and third (is offered one), both of the demo association, with their users. */
const second = { id: 0, cnpj: '', token: '' };
const third = { id: 0, cnpj: '', token: '' };
/** Declarations: the demo manufacturer's seeded approved one, and a second approved one made here. */
let seeded = 0;
let tiles = 0;

const create = (declaration_id: number, exporter_id: number, token: string) =>
  t.request('POST', `${BASE}/exporter`, { token, body: { declaration_id, exporter_id } });
const approve = (id: number, token: string) => t.request('POST', `${BASE}/approve/${id}`, { token });
const remove = (id: number, token: string) => t.request('DELETE', `${BASE}/${id}`, { token });
const list = async (query: string, token: string) => {
  const res = await t.request('GET', `${BASE}${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<Link>>();
};
const citable = (exporterId: number, token: string, query = '') =>
  t.request('GET', `/v1/declaration/certificate/${exporterId}${query}`, { token });
const citableIds = async (exporterId: number, token: string, query = '') => {
  const res = await citable(exporterId, token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<{ id: number; linked: boolean }>>().data.map((d) => d.id);
};
const linkRow = async (id: number) =>
  (await t.db.select().from(declarationLinks).where(eq(declarationLinks.id, id)))[0];

/** Draft → sent → taken → approved, through the API. */
async function approvedDeclaration(body: Record<string, unknown>, token: string): Promise<number> {
  const created = await t.request('POST', '/v1/declaration', { token, body });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  expect((await t.request('POST', `/v1/declaration/send_analysis/${id}`, { token })).statusCode).toBe(200);
  await t.request('GET', `/v1/declaration/send_analyzing/${id}?type_analysis=analise`, {
    token: tok.analista,
  });
  const approved = await t.request('POST', `/v1/declaration/approve_delivery/${id}`, {
    token: tok.analista,
    body: { delivery_location_id: r.location },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

beforeAll(async () => {
  ({ t, r, tok } = await openDeclarationSuite(DEMO_ROLES));
  for (const [party, n, name] of [
    [second, 11, 'Exportadora Segunda Ltda.'],
    [third, 12, 'Exportadora Terceira Ltda.'],
  ] as const) {
    const email = `${name.split(' ')[1]?.toLowerCase()}@teste.local`;
    ({
      id: party.id,
      cnpj: party.cnpj,
      token: party.token,
    } = await addExporterWithUser(t, r.association, n, name, email));
  }
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`select declaration_id as id from declaration_links where status = 'APROVADO'`,
  );
  seeded = row?.id ?? 0;
  tiles = await approvedDeclaration(
    exporterDeclaration(r, {
      company_manufacturer_id: r.manufacturerCompany,
      legal_representative_id: r.manufacturerRepresentative,
      ncm: '69071000',
      product_name: 'Pastilha de porcelana para piscinas',
      internal_product_code: 'PPP-25',
    }),
    tok.fabricante,
  );
});

afterAll(async () => {
  await t?.close();
});

describe('finding the other side', () => {
  it('lists the flow’s states as { id, name }', async () => {
    const res = await t.request('GET', `${BASE}/declaration_link_flow`, { token: tok.exportador });
    expect(res.json()).toEqual({
      data: [
        { id: 'PENDENTE', name: 'Pendente' },
        { id: 'APROVADO', name: 'Aprovado' },
        { id: 'REPROVADO', name: 'Reprovado' },
      ],
    });
  });

  it("finds an exporter by CNPJ or CPF, or answers SPEC §8's 'Exportador não encontrado'", async () => {
    const masked = second.cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    const found = await t.request('GET', `${BASE}/exporter?cnpj=${encodeURIComponent(masked)}`, {
      token: tok.fabricante,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      id: second.id,
      name: 'Exportadora Segunda Ltda.',
      trade_association: { id: r.association },
    });
    const missing = await t.request('GET', `${BASE}/exporter?cnpj=11444777000161`, { token: tok.fabricante });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: ErrorCode.NotFound, message: 'Exportador não encontrado' });
    const none = await t.request('GET', `${BASE}/exporter`, { token: tok.fabricante });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ errors: { cnpj: [text.taxIdRequired] } });
    const bad = await t.request('GET', `${BASE}/exporter?cnpj=123`, { token: tok.fabricante });
    expect(bad.json()).toMatchObject({ errors: { cnpj: [messages.field.cnpj] } });
    // The dispatcher holds no declaration-link permission.
    expect(
      (await t.request('GET', `${BASE}/exporter?cnpj=${second.cnpj}`, { token: tok.despachante })).statusCode,
    ).toBe(403);
  });

  it('lists the manufacturers with approved declarations, and each one’s declarations with the caller’s link', async () => {
    const found = await t.request('GET', `${BASE}/manufacturer?name=cer%C3%A2mica`, { token: second.token });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<Page<{ id: number; name: string }>>().data).toEqual([
      expect.objectContaining({ id: r.manufacturerId, name: 'Indústria Cerâmica Paulista Ltda.' }),
    ]);
    expect(found.json<Page<unknown>>().per_page).toBe(20);
    // A manufacturer does not find itself.
    const own = await t.request('GET', `${BASE}/manufacturer?name=cer%C3%A2mica`, { token: tok.fabricante });
    expect(own.json<Page<unknown>>().data).toEqual([]);

    const decls = await t.request('GET', `${BASE}/manufacturer/${r.manufacturerId}/declarations`, {
      token: tok.exportador,
    });
    expect(decls.statusCode, decls.body).toBe(200);
    const rows = decls.json<Page<{ id: number; link: { status: string } | null }>>().data;
    expect(rows.map((d) => d.id)).toEqual([tiles, seeded]);
    // The demo exporter already cites the seeded one.
    expect(rows.find((d) => d.id === seeded)?.link).toMatchObject({ status: 'APROVADO' });
    expect(rows.find((d) => d.id === tiles)?.link).toBeNull();
    const filtered = await t.request(
      'GET',
      `${BASE}/manufacturer/${r.manufacturerId}/declarations?product_name=piscina`,
      {
        token: second.token,
      },
    );
    expect(filtered.json<Page<{ id: number }>>().data.map((d) => d.id)).toEqual([tiles]);
  });
});

describe('asking, offering, approving and reproving', () => {
  let asked = 0;
  let offered = 0;

  it('an exporter asks to cite a manufacturer’s approved declaration', async () => {
    const res = await create(tiles, second.id, second.token);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ message: string; declaration_link: Link }>();
    expect(body.message).toBe(text.requested);
    expect(body.declaration_link).toMatchObject({
      status: 'PENDENTE',
      declaration_link_flow: { id: 'PENDENTE', name: 'Pendente' },
      declaration_id: tiles,
      exporter_id: second.id,
      manufacturer_id: r.manufacturerId,
      requested_side: 'exporter',
      // Its own request: it may withdraw it, not approve it.
      actions: ['reprove'],
      declaration: { product_name: 'Pastilha de porcelana para piscinas', status: 'APROVADA' },
    });
    asked = body.declaration_link.id;
    expect(await stepsOf(t.db, 'declaration_link', asked)).toMatchObject([
      { action: 'create', from_status: null, to_status: 'PENDENTE' },
    ]);
    expect(await auditsOf(t.db, 'declaration_link', asked)).toMatchObject([
      {
        event: 'created',
        new_values: { declaration_id: tiles, exporter_id: second.id, requested_side: 'exporter' },
      },
    ]);
    // Asked twice: refused, nothing written.
    const again = await create(tiles, second.id, second.token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: { exporter_id: [text.alreadyLinked] } });
  });

  it('the manufacturer (or the association) offers its declaration to an exporter found by CNPJ', async () => {
    const res = await create(tiles, third.id, tok.fabricante);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: text.offered,
      declaration_link: { requested_side: 'manufacturer', exporter_id: third.id, actions: ['reprove'] },
    });
    offered = res.json<{ declaration_link: Link }>().declaration_link.id;
  });

  it('refuses links nobody may make, writing nothing', async () => {
    const count = async () => (await t.db.select().from(declarationLinks)).length;
    const before = await count();
    // Only approved, valid declarations: the demo exporter's draft cannot be cited by anyone.
    const [draftRow] = await t.db.select().from(declarations).where(eq(declarations.status, 'RASCUNHO'));
    const notApproved = await create(draftRow?.id ?? 0, second.id, second.token);
    expect(notApproved.json()).toMatchObject({ errors: { declaration_id: [text.declarationNotCitable] } });
    // The owner needs no link to its own declaration.
    const own = await create(tiles, r.manufacturerId, tok.fabricante);
    expect(own.json()).toMatchObject({ errors: { exporter_id: [text.sameParty] } });
    // An exporter asks only for itself; a manufacturer offers only its own declarations.
    const forOther = await create(tiles, third.id, second.token);
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json()).toMatchObject({ message: text.notYourSide });
    const exporterOwn = await approvedDeclaration(exporterDeclaration(r), tok.exportador);
    const notHis = await create(exporterOwn, third.id, tok.fabricante);
    expect(notHis.statusCode).toBe(403);
    // A staff member of another association offers nothing of this one.
    const campinas = await addAssociation(t.db, r.federation, 'Associação Comercial de Piracicaba');
    const outsider = await addUser(t, {
      email: 'analista.piracicaba@teste.local',
      role: 'analista',
      tradeAssociationId: campinas,
      federationId: r.federation,
    });
    expect((await create(tiles, third.id, outsider)).statusCode).toBe(422);
    // Unknown exporter.
    expect((await create(tiles, 999_999, tok.fabricante)).json()).toMatchObject({
      errors: { exporter_id: [messages.field.invalidOption] },
    });
    expect((await create(tiles, second.id, tok.despachante)).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('approval belongs to the other side or the association, never to who asked', async () => {
    const before = await linkRow(asked);
    const self = await approve(asked, second.token);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      code: ErrorCode.FlowActionRefused,
      message: text.requesterCannotApprove,
    });
    // Another exporter does not even see it.
    expect((await approve(asked, third.token)).statusCode).toBe(404);
    expect(await linkRow(asked)).toEqual(before);
    // The manufacturer sees both buttons on the request it received.
    const seen = await list(`?declaration_id=${tiles}`, tok.fabricante);
    expect(seen.data.find((l) => l.id === asked)?.actions).toEqual(['approve', 'reprove']);

    const ok = await approve(asked, tok.fabricante);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      id: tiles,
      message: text.approved,
      declaration_link: { status: 'APROVADO' },
    });
    expect(await auditsOf(t.db, 'declaration_link', asked)).toMatchObject([
      { event: 'created' },
      {
        event: 'approve',
        user_id: r.users.fabricante,
        old_values: { status: 'PENDENTE' },
        new_values: { status: 'APROVADO' },
      },
    ]);
    expect((await approve(asked, tok.fabricante)).statusCode).toBe(422);

    // An offer: the manufacturer who made it cannot approve it; the exporter accepts.
    expect((await approve(offered, tok.fabricante)).json()).toMatchObject({
      message: text.requesterCannotApprove,
    });
    const accepted = await approve(offered, third.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: tiles });
    // The approval opens the declaration page: the exporter reads it now.
    expect((await t.request('GET', `/v1/declaration/${tiles}`, { token: third.token })).statusCode).toBe(200);
  });

  it('the association approves too', async () => {
    const other = await approvedDeclaration(
      exporterDeclaration(r, {
        company_manufacturer_id: r.manufacturerCompany,
        legal_representative_id: r.manufacturerRepresentative,
        ncm: '69079000',
        product_name: 'Porcelanato técnico',
      }),
      tok.fabricante,
    );
    const link = (await create(other, second.id, second.token)).json<{ declaration_link: Link }>()
      .declaration_link;
    const res = await approve(link.id, tok.analista);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: other, declaration_link: { status: 'APROVADO' } });
  });

  it('deleting marks REPROVADO (never removes) and the row moves to the top of the list', async () => {
    const before = await list('', second.token);
    expect(before.per_page).toBe(10);
    expect(before.data[0]?.id).not.toBe(asked);
    const res = await remove(asked, tok.fabricante);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: text.reproved,
      declaration_link: { status: 'REPROVADO', actions: [] },
    });
    expect(await linkRow(asked)).toMatchObject({ status: 'REPROVADO' });
    const after = await list('', second.token);
    expect(after.data[0]).toMatchObject({ id: asked, status: 'REPROVADO' });
    expect(after.total).toBe(before.total);
    // Final: neither approved nor reproved again.
    expect((await approve(asked, tok.analista)).statusCode).toBe(422);
    expect((await remove(asked, second.token)).statusCode).toBe(422);
    // A new request may follow the reproved one.
    const again = await create(tiles, second.id, second.token);
    expect(again.statusCode).toBe(201);
    await remove(again.json<{ declaration_link: Link }>().declaration_link.id, second.token);
  });

  it('filters the list by either party’s CNPJ or name, the declaration, its NCM and name, and the status', async () => {
    const ids = async (q: string) => (await list(q, tok.admin)).data.map((l) => l.id).sort();
    const all = await list('?per_page=100', tok.admin);
    const ofSecond = all.data
      .filter((l) => l.exporter_id === second.id)
      .map((l) => l.id)
      .sort();
    expect(await ids(`?per_page=100&cnpj=${second.cnpj.slice(0, 10)}`)).toEqual(ofSecond);
    expect(await ids('?per_page=100&name=segunda')).toEqual(ofSecond);
    // The manufacturer's name matches every link of its declarations.
    expect(await ids('?per_page=100&name=paulista')).toEqual(all.data.map((l) => l.id).sort());
    expect(await ids(`?per_page=100&declaration_id=${seeded}`)).toEqual(
      all.data
        .filter((l) => l.declaration_id === seeded)
        .map((l) => l.id)
        .sort(),
    );
    expect(
      (await list('?per_page=100&ncm=6907.10', tok.admin)).data.every((l) => l.declaration_id !== seeded),
    ).toBe(true);
    expect(
      (await list('?per_page=100&denomination=piscinas', tok.admin)).data.every(
        (l) => l.declaration_id === tiles,
      ),
    ).toBe(true);
    const reproved = await list('?declaration_link_flow_id=REPROVADO', tok.admin);
    expect(reproved.data.length).toBeGreaterThan(0);
    expect(reproved.data.every((l) => l.status === 'REPROVADO')).toBe(true);
  });

  it('each role sees the links naming its party, or its association’s', async () => {
    const all = (await list('?per_page=100', tok.admin)).data;
    const ids = async (token: string) => (await list('?per_page=100', token)).data.map((l) => l.id).sort();
    const sorted = (rows: Link[]) => rows.map((l) => l.id).sort();
    expect(await ids(second.token)).toEqual(sorted(all.filter((l) => l.exporter_id === second.id)));
    expect(await ids(tok.exportador)).toEqual(
      sorted(all.filter((l) => l.exporter_id === r.exporterId || l.manufacturer_id === r.exporterId)),
    );
    expect(await ids(tok.fabricante)).toEqual(
      sorted(all.filter((l) => l.manufacturer_id === r.manufacturerId)),
    );
    expect(await ids(tok.analista)).toEqual(sorted(all));
    expect(await ids(tok.federacao)).toEqual(sorted(all));
    const elsewhere = await addAssociation(t.db, null, 'Associação Comercial de Manaus');
    const outsider = await addUser(t, {
      email: 'assoc.manaus@teste.local',
      role: 'associacao',
      tradeAssociationId: elsewhere,
    });
    expect(await ids(outsider)).toEqual([]);
    expect((await t.request('GET', BASE, { token: tok.despachante })).statusCode).toBe(403);
  });
});

describe('GET /v1/declaration/certificate/{exporterId}: exactly what the exporter may cite', () => {
  it('its own approved, valid declarations and those of approved links; nothing else', async () => {
    const own = await approvedDeclaration(
      exporterDeclaration(r, { product_name: 'Café solúvel liofilizado' }),
      tok.exportador,
    );
    const expiredOwn = await approvedDeclaration(
      exporterDeclaration(r, { product_name: 'Café vencido' }),
      tok.exportador,
    );
    await t.db.execute(
      sql`update declarations set valid_until = (now() at time zone 'America/Sao_Paulo')::date - 2 where id = ${expiredOwn}`,
    );
    // A pending request does not open a declaration; a reproved one neither.
    const pendingFor = await approvedDeclaration(
      exporterDeclaration(r, {
        company_manufacturer_id: r.manufacturerCompany,
        legal_representative_id: r.manufacturerRepresentative,
        ncm: '69079000',
        product_name: 'Ladrilho hidráulico',
      }),
      tok.fabricante,
    );
    expect((await create(pendingFor, r.exporterId, tok.exportador)).statusCode).toBe(201);
    // Another exporter's approved declaration.
    const others = await approvedDeclaration(exporterDeclaration(r), tok.exportador).then(async () =>
      approvedDeclaration(
        exporterDeclaration(r, {
          company_manufacturer_id: r.manufacturerCompany,
          legal_representative_id: r.manufacturerRepresentative,
          ncm: '69071000',
          product_name: 'Só do fabricante',
        }),
        tok.fabricante,
      ),
    );

    const res = await citable(r.exporterId, tok.exportador);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Page<{ id: number; linked: boolean; manufacturer: { id: number } }>>();
    expect(page.per_page).toBe(20);
    const rows = page.data;
    const ids = rows.map((d) => d.id);
    expect(ids).toContain(own);
    expect(ids).toContain(seeded);
    expect(ids).not.toContain(expiredOwn);
    expect(ids).not.toContain(pendingFor);
    expect(ids).not.toContain(others);
    expect(ids).not.toContain(tiles);
    expect(rows.find((d) => d.id === seeded)).toMatchObject({
      linked: true,
      manufacturer: { id: r.manufacturerId },
    });
    expect(rows.find((d) => d.id === own)).toMatchObject({
      linked: false,
      manufacturer: { id: r.exporterId },
    });
    const expected = (
      await queryRows<{ id: number }>(
        t.db,
        sql`select id from declarations where status = 'APROVADA' and valid_until >= (now() at time zone 'America/Sao_Paulo')::date
              and (exporter_id = ${r.exporterId} or id in (select declaration_id from declaration_links
                    where exporter_id = ${r.exporterId} and status = 'APROVADO')) order by id desc`,
      )
    ).map((x) => x.id);
    expect(ids).toEqual(expected);

    // The second exporter cites the tiles through its approved link (the association's approval), not the seeded one.
    const second_ = await citableIds(second.id, second.token);
    expect(second_).not.toContain(seeded);
    expect(second_).not.toContain(tiles);
    expect(await citableIds(third.id, third.token)).toEqual([tiles]);

    // Filters.
    expect(await citableIds(r.exporterId, tok.exportador, '?product_name=sol%C3%BAvel')).toEqual([own]);
    expect(await citableIds(r.exporterId, tok.exportador, '?ncm=6907')).toEqual([seeded]);
    expect(await citableIds(r.exporterId, tok.exportador, '?internal_product_code=rce')).toEqual([seeded]);
    expect(await citableIds(r.exporterId, tok.exportador, `?deal_id=${r.chile}`)).toEqual([]);
  });

  it('the caller must reach the exporter (else 404): its own users, its linked dispatcher, its association', async () => {
    expect((await citable(r.exporterId, second.token)).statusCode).toBe(404);
    expect((await citable(r.exporterId, tok.fabricante)).statusCode).toBe(404);
    expect((await citable(r.exporterId, tok.despachante)).statusCode).toBe(404);
    expect((await citable(r.exporterId, tok.analista)).statusCode).toBe(200);
    expect((await citable(r.exporterId, tok.federacao)).statusCode).toBe(200);
    expect((await citable(r.exporterId, tok.admin)).statusCode).toBe(200);
    const elsewhere = await addAssociation(t.db, null, 'Associação Comercial de Belém');
    const outsider = await addUser(t, {
      email: 'analista.belem@teste.local',
      role: 'analista',
      tradeAssociationId: elsewhere,
    });
    expect((await citable(r.exporterId, outsider)).statusCode).toBe(404);
    expect((await citable(999_999, tok.admin)).statusCode).toBe(404);
    await linkDispatcher(t.db, r.exporterId);
    expect((await citable(r.exporterId, tok.despachante)).statusCode).toBe(200);
  });

  it('an expired link target is not citable even before the job marks it', async () => {
    await t.db.execute(
      sql`update declarations set valid_until = (now() at time zone 'America/Sao_Paulo')::date - 1 where id = ${tiles}`,
    );
    expect(await citableIds(third.id, third.token)).toEqual([]);
    await t.db.execute(
      sql`update declarations set valid_until = (now() at time zone 'America/Sao_Paulo')::date + 30 where id = ${tiles}`,
    );
  });
});

it('no mutation answered without its audit row', () => {
  expect(t.app.unauditedMutations).toEqual([]);
});
