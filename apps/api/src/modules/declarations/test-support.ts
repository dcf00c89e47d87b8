import { withCheckDigits } from '@origem/contract/validators/tax-id';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Executor, queryRows } from '../../db/client';
import {
  companies,
  countries,
  deals,
  declarations,
  deliveryLocations,
  dispatcherExporterLinks,
  dispatchers,
  exporters,
  legalRepresentatives,
  ncm,
  originNorms,
  originRules,
  roles,
  storedFiles,
  tradeAssociations,
  users,
} from '../../db/schema';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../db/seed/demo';
import { hashPassword } from '../../lib/secrets';
import { createTestApp, loginAll, type TestApp } from '../../test/app';

/** Test support for the declaration and declaration-link suites. */

/** The NCM rows the suites use (tests seed no NCM table): chapters and positions as nodes, subitems as leaves. */
const NCM_ROWS: [code: string, parent: string | null, description: string][] = [
  ['09', null, 'Café, chá, mate e especiarias'],
  ['0901', '09', 'Café, mesmo torrado ou descafeinado'],
  ['09011110', '0901', 'Café não torrado, não descafeinado, em grão'],
  ['09012100', '0901', 'Café torrado, não descafeinado'],
  ['25', null, 'Sal; enxofre; terras e pedras'],
  ['2507', '25', 'Caulim e outras argilas caulínicas'],
  ['25070010', '2507', 'Caulim (caulino)'],
  ['32', null, 'Extratos tanantes e tintoriais'],
  ['3207', '32', 'Pigmentos, opacificantes e cores preparados'],
  ['32072010', '3207', 'Engobos'],
  ['39', null, 'Plástico e suas obras'],
  ['3923', '39', 'Artigos de transporte ou de embalagem, de plásticos'],
  ['39232990', '3923', 'Sacos de outros plásticos'],
  ['69', null, 'Produtos cerâmicos'],
  ['6907', '69', 'Ladrilhos e placas de cerâmica'],
  ['69071000', '6907', 'Ladrilhos, cubos, pastilhas e artigos semelhantes'],
  ['69079000', '6907', 'Outros'],
];

export async function insertNcm(db: Executor): Promise<void> {
  for (const [code, parent, description] of NCM_ROWS) {
    await db
      .insert(ncm)
      .values({
        code,
        parent_code: parent,
        main_parent: code.slice(0, 2),
        description,
        level: code.length === 2 ? 1 : code.length === 4 ? 2 : 3,
        leaf: code.length === 8,
      })
      .onConflictDoNothing();
  }
}

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`${what} não encontrado`);
  return row;
}

/** The demo records the suites name. */
export async function demoRefs(db: Executor) {
  const exporterId = (
    await one(
      db
        .select({ id: exporters.id })
        .from(exporters)
        .where(eq(exporters.name, 'Café Santista Exportadora Ltda.')),
      'exportador',
    )
  ).id;
  const manufacturerId = (
    await one(
      db
        .select({ id: exporters.id })
        .from(exporters)
        .where(eq(exporters.name, 'Indústria Cerâmica Paulista Ltda.')),
      'fabricante',
    )
  ).id;
  const association = await one(db.select().from(tradeAssociations), 'associação');
  const bookOf = async (owner: number) =>
    (
      await one(
        db
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.exporter_id, owner), eq(companies.company_type_id, 2))),
        'empresa fabricante',
      )
    ).id;
  const representativeOf = async (owner: number) =>
    (
      await one(
        db
          .select({ id: legalRepresentatives.id })
          .from(legalRepresentatives)
          .where(eq(legalRepresentatives.exporter_id, owner)),
        'responsável legal',
      )
    ).id;
  const deal = async (abbreviation: string) =>
    (
      await one(
        db.select({ id: deals.id }).from(deals).where(eq(deals.abbreviation, abbreviation)),
        abbreviation,
      )
    ).id;
  const mercosul = await deal('ACE-18');
  const chile = await deal('ACE-35');
  const ruleOf = async (dealId: number, code: string) =>
    (
      await one(
        db
          .select({ id: originRules.id })
          .from(originRules)
          // The current version (MERCOSUL's criteria changed on 18 Jul 2024).
          .where(
            and(eq(originRules.deal_id, dealId), eq(originRules.code, code), isNull(originRules.valid_until)),
          ),
        code,
      )
    ).id;
  const normOf = async (dealId: number) =>
    (
      await one(
        db
          .select({ id: originNorms.id })
          .from(originNorms)
          .where(and(eq(originNorms.deal_id, dealId), isNull(originNorms.valid_until)))
          .orderBy(originNorms.id),
        'norma',
      )
    ).id;
  const country = async (code: string) =>
    (await one(db.select({ id: countries.id }).from(countries).where(eq(countries.code, code)), code)).id;
  const location = (await one(db.select({ id: deliveryLocations.id }).from(deliveryLocations), 'local')).id;
  const byEmail = async (email: string) =>
    (await one(db.select({ id: users.id }).from(users).where(eq(users.email, email)), email)).id;
  return {
    association: association.id,
    federation: association.federation_id ?? 0,
    exporterId,
    manufacturerId,
    exporterCompany: await bookOf(exporterId),
    manufacturerCompany: await bookOf(manufacturerId),
    exporterRepresentative: await representativeOf(exporterId),
    manufacturerRepresentative: await representativeOf(manufacturerId),
    mercosul,
    chile,
    mercosulRule: await ruleOf(mercosul, 'ST'),
    mercosulNorm: await normOf(mercosul),
    chileRule: await ruleOf(chile, 'ST'),
    BR: await country('BR'),
    AR: await country('AR'),
    CN: await country('CN'),
    location,
    users: {
      analista: await byEmail('analista@origem.local'),
      exportador: await byEmail('exportador@origem.local'),
      fabricante: await byEmail('fabricante@origem.local'),
    },
  };
}
export type DemoRefs = Awaited<ReturnType<typeof demoRefs>>;

/**
 * The app a declaration suite runs on (started with `env`): the demo seed plus the suites' NCM rows, the demo
 * records it names, and a token for the demo user of each of `roles`.
 */
export async function openDeclarationSuite<R extends string>(
  roles: readonly R[],
  env: Record<string, string> = {},
): Promise<{ t: TestApp; r: DemoRefs; tok: Record<R, string> }> {
  const t = await createTestApp(env);
  await insertNcm(t.db);
  const r = await demoRefs(t.db);
  return { t, r, tok: await loginAll(t, roles) };
}

/** The CPF of a legal representative: the one its e-CPF must carry to sign. */
export async function representativeCpf(db: Executor, id: number): Promise<string> {
  const [row] = await db
    .select({ cpf: legalRepresentatives.cpf })
    .from(legalRepresentatives)
    .where(eq(legalRepresentatives.id, id));
  return row?.cpf ?? '';
}

/** A complete declaration of the demo exporter (JSON body), with two materials: Brazilian and Chinese. */
export function exporterDeclaration(r: DemoRefs, overrides: Record<string, unknown> = {}) {
  return {
    company_manufacturer_id: r.exporterCompany,
    legal_representative_id: r.exporterRepresentative,
    deal_id: r.mercosul,
    product_name: 'Café torrado e moído tipo exportação',
    internal_product_code: 'CTM-500',
    ncm: '0901.21.00',
    production_process: 'Torra, moagem e embalagem a vácuo em pacotes de 500 g.',
    fob_unit_value_min: '8,00',
    fob_unit_value_max: '10.00',
    origin_rule_id: r.mercosulRule,
    origin_norm_id: r.mercosulNorm,
    materials: [
      {
        ncm: '09011110',
        description: 'Café verde em grão',
        origin_country_id: r.BR,
        cif_value_usd: '5.50',
        fob_share_percent: '55',
      },
      {
        ncm: '3923.29.90',
        description: 'Embalagem laminada',
        origin_country_id: r.CN,
        cif_value_usd: '1,25',
        fob_share_percent: '12.5',
      },
    ],
    ...overrides,
  };
}

/** Another user with a known password (login with `<slug>@origem.local`-style e-mails does not apply: use the e-mail). */
export async function addUser(
  t: TestApp,
  values: {
    email: string;
    role: string;
    tradeAssociationId?: number | null;
    federationId?: number | null;
    exporterId?: number | null;
    dispatcherId?: number | null;
  },
): Promise<string> {
  const role = await one(
    t.db
      .select({ id: roles.id, mfa_required: roles.mfa_required })
      .from(roles)
      .where(eq(roles.name, values.role)),
    values.role,
  );
  await t.db.insert(users).values({
    name: values.email.split('@')[0] ?? values.email,
    email: values.email,
    password_hash: await hashPassword(DEMO_PASSWORD),
    role_id: role.id,
    trade_association_id: values.tradeAssociationId ?? null,
    federation_id: values.federationId ?? null,
    exporter_id: values.exporterId ?? null,
    dispatcher_id: values.dispatcherId ?? null,
    change_password: false,
    // Staff sign in with the demo authenticator, like the seeded ones.
    ...(role.mfa_required ? { totp_secret: DEMO_TOTP_SECRET, totp_enabled_at: new Date() } : {}),
  });
  return (await t.signIn(values.email)).access_token;
}

/** Another exporter (with a legal representative and a manufacturer company) at `associationId`. */
export async function addExporter(db: Executor, associationId: number, n: number, name: string) {
  const cnpj = withCheckDigits(`7${String(n).padStart(7, '0')}0001`);
  const [exporter] = await db
    .insert(exporters)
    .values({
      person_type_id: 2,
      cnpj,
      name,
      trade_association_id: associationId,
      city: 'Campinas',
      state: 'SP',
    })
    .returning({ id: exporters.id });
  if (!exporter) throw new Error('exportador não criado');
  const br = (
    await one(db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'BR')), 'BR')
  ).id;
  const [company] = await db
    .insert(companies)
    .values({
      company_type_id: 2,
      exporter_id: exporter.id,
      trade_association_id: associationId,
      corporate_name: `${name} (fábrica)`,
      cnpj: withCheckDigits(`6${String(n).padStart(7, '0')}0001`),
      country_id: br,
    })
    .returning({ id: companies.id });
  const [representative] = await db
    .insert(legalRepresentatives)
    .values({
      exporter_id: exporter.id,
      name: `Responsável ${name}`,
      cpf: withCheckDigits(`5${String(n).padStart(8, '0')}`),
    })
    .returning({ id: legalRepresentatives.id });
  if (!company || !representative) throw new Error('cadastro não criado');
  return { id: exporter.id, cnpj, company: company.id, representative: representative.id };
}

/** Another exporter at `associationId` (as addExporter) and a user of its own, signed in with `token`. */
export async function addExporterWithUser(
  t: TestApp,
  associationId: number,
  n: number,
  name: string,
  email: string,
) {
  const exporter = await addExporter(t.db, associationId, n, name);
  const token = await addUser(t, {
    email,
    role: 'exportador',
    tradeAssociationId: associationId,
    exporterId: exporter.id,
  });
  return { ...exporter, token };
}

/** Another association (of `federationId`). */
export async function addAssociation(
  db: Executor,
  federationId: number | null,
  name: string,
): Promise<number> {
  const [row] = await db
    .insert(tradeAssociations)
    .values({ name, abbreviation: name.slice(0, 10), federation_id: federationId })
    .returning({ id: tradeAssociations.id });
  if (!row) throw new Error('associação não criada');
  return row.id;
}

/** An approved link of the demo dispatcher to `exporterId` (the dispatcher-links issue's table). */
export async function linkDispatcher(db: Executor, exporterId: number, status = 'APROVADO'): Promise<void> {
  const dispatcher = await one(db.select().from(dispatchers), 'despachante');
  const exporter = await one(db.select().from(exporters).where(eq(exporters.id, exporterId)), 'exportador');
  await db.insert(dispatcherExporterLinks).values({
    exporter_id: exporterId,
    dispatcher_id: dispatcher.id,
    trade_association_id: exporter.trade_association_id,
    status,
    requested_by: 'exporter',
    exporter_name: exporter.name,
    dispatcher_name: dispatcher.name,
  });
}

/** A declaration's status, straight from the table. */
export async function statusOf(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ status: declarations.status })
    .from(declarations)
    .where(eq(declarations.id, id));
  return row?.status;
}

/** Audit rows of a record, oldest first. */
export async function auditsOf(db: Executor, type: string, id: number) {
  return queryRows<{ event: string; user_id: number | null; old_values: unknown; new_values: unknown }>(
    db,
    sql`select event, user_id, old_values, new_values from audits
         where auditable_type = ${type} and auditable_id = ${id} order by id`,
  );
}

/** History steps of a record, oldest first. */
export async function stepsOf(db: Executor, flow: string, id: number) {
  return queryRows<{
    action: string;
    from_status: string | null;
    to_status: string;
    user_id: number | null;
    note: string | null;
  }>(
    db,
    sql`select action, from_status, to_status, user_id, note from flow_steps
         where flow = ${flow} and record_id = ${id} order by id`,
  );
}

/**
 * A declaration of the demo exporter (`body`, by default the complete one), sent for analysis and, when `take`,
 * taken by the analyst: ENVIADA or EM_ANALISE.
 */
export async function sentDeclaration(
  t: TestApp,
  tok: { exportador: string; analista: string },
  body: Record<string, unknown>,
  take = true,
): Promise<number> {
  const res = await t.request('POST', '/v1/declaration', { token: tok.exportador, body });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  const send = await t.request('POST', `/v1/declaration/send_analysis/${id}`, { token: tok.exportador });
  expect(send.statusCode, send.body).toBe(200);
  if (take) {
    const taken = await t.request('GET', `/v1/declaration/send_analyzing/${id}?type_analysis=analise`, {
      token: tok.analista,
    });
    expect(taken.statusCode, taken.body).toBe(200);
  }
  return id;
}

/** The stored signed XML of a declaration (none until its representative signs it). */
export const signedXmlFiles = (db: Executor, id: number) =>
  db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.owner_type, 'declaration.signed_xml'), eq(storedFiles.owner_id, id)));

/** What a refused signature must leave as it was: the row, its history, its audit and its signed XML. */
export const signatureSnapshot = async (db: Executor, id: number) => ({
  row: (await db.select().from(declarations).where(eq(declarations.id, id)))[0],
  steps: (await stepsOf(db, 'declaration', id)).length,
  audits: (await auditsOf(db, 'declaration', id)).length,
  files: (await signedXmlFiles(db, id)).length,
});
