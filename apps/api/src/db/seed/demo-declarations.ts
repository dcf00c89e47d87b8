import { declarationFlow, declarationLinkFlow } from '@origem/contract/flows';
import { withCheckDigits } from '@origem/contract/validators/tax-id';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../client';
import {
  companies,
  countries,
  deals,
  declarationLinks,
  declarationMaterials,
  declarations,
  deliveryLocations,
  exporters,
  flowSteps,
  jobPositions,
  legalRepresentatives,
  originNorms,
  originRules,
  users,
} from '../schema';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

/** 'YYYY-MM-DD' of a moment in Brasília, plus `days`. */
function brasiliaDay(moment: Date, days = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(moment);
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function idOf(query: Promise<{ id: number }[]>, what: string): Promise<number> {
  const [row] = await query;
  if (!row) throw new Error(`${what} não semeado`);
  return row.id;
}

type Step = {
  action: string;
  from: string | null;
  to: string;
  userId: number | null;
  at: Date;
  note?: string;
};

async function history(db: Executor, flow: string, recordId: number, steps: Step[]) {
  await db.insert(flowSteps).values(
    steps.map((s) => ({
      flow,
      record_id: recordId,
      action: s.action,
      from_status: s.from,
      to_status: s.to,
      note: s.note ?? null,
      user_id: s.userId,
      created_at: s.at,
    })),
  );
}

/**
 * The demo manufacturer (a party of `exporters`, tied to `fabricante@`, with its legal representative and itself as
 * a manufacturer company of its book) and a few declarations in different states: the manufacturer's APROVADA one,
 * which the demo exporter may cite through an approved declaration link; its ENVIADA one, waiting for the analyst;
 * and the demo exporter's own RASCUNHO.
 */
export async function seedDemoDeclarations(db: Executor, tradeAssociationId: number): Promise<void> {
  const [manufacturer] = await db
    .insert(exporters)
    .values({
      person_type_id: 2,
      cnpj: withCheckDigits('471234580001'),
      name: 'Indústria Cerâmica Paulista Ltda.',
      trade_name: 'Cerâmica Paulista',
      state_registration: '587123456111',
      email: 'exportacao@ceramicapaulista.origem.local',
      phone: '1935451200',
      postcode: '13510000',
      address: 'Rodovia Washington Luís',
      number: 'km 171',
      neighborhood: 'Distrito Industrial',
      city: 'Santa Gertrudes',
      state: 'SP',
      trade_association_id: tradeAssociationId,
      associated: true,
    })
    .returning({ id: exporters.id });
  if (!manufacturer) throw new Error('fabricante de demonstração não criado');
  await db
    .update(users)
    .set({ exporter_id: manufacturer.id })
    .where(eq(users.email, 'fabricante@origem.local'));

  const userId = (email: string) =>
    idOf(db.select({ id: users.id }).from(users).where(eq(users.email, email)), email);
  const exporterUser = await userId('exportador@origem.local');
  const manufacturerUser = await userId('fabricante@origem.local');
  const analyst = await userId('analista@origem.local');
  const exporterId = await idOf(
    db
      .select({ id: exporters.id })
      .from(exporters)
      .where(eq(exporters.name, 'Café Santista Exportadora Ltda.')),
    'exportador de demonstração',
  );
  const countryRows = await db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(inArray(countries.code, ['BR', 'CN', 'ES']));
  const country = (code: string) => {
    const row = countryRows.find((c) => c.code === code);
    if (!row) throw new Error(`país ${code} não semeado`);
    return row.id;
  };

  const [company] = await db
    .insert(companies)
    .values({
      company_type_id: 2,
      exporter_id: manufacturer.id,
      trade_association_id: tradeAssociationId,
      corporate_name: 'Indústria Cerâmica Paulista Ltda.',
      trade_name: 'Cerâmica Paulista',
      cnpj: withCheckDigits('471234580001'),
      country_id: country('BR'),
      address: 'Rodovia Washington Luís',
      number: 'km 171',
      city: 'Santa Gertrudes',
      state: 'SP',
      postcode: '13510000',
    })
    .returning({ id: companies.id });
  const director = await idOf(
    db.select({ id: jobPositions.id }).from(jobPositions).where(eq(jobPositions.name, 'Diretor')),
    'cargo Diretor',
  );
  const [representative] = await db
    .insert(legalRepresentatives)
    .values({
      exporter_id: manufacturer.id,
      name: 'Roberto Almeida Prado',
      cpf: withCheckDigits('234567890'),
      email: 'roberto.prado@ceramicapaulista.origem.local',
      phone: '19991234567',
      job_position_id: director,
      procuration_valid_until: `${new Date().getFullYear() + 1}-12-31`,
    })
    .returning({ id: legalRepresentatives.id });
  if (!company || !representative) throw new Error('cadastro do fabricante de demonstração não criado');

  const dealId = (abbreviation: string) =>
    idOf(db.select({ id: deals.id }).from(deals).where(eq(deals.abbreviation, abbreviation)), abbreviation);
  const ruleOf = (deal: number, code: string) =>
    idOf(
      db
        .select({ id: originRules.id })
        .from(originRules)
        // The current version of the criterion (MERCOSUL's changed on 18 Jul 2024).
        .where(
          and(eq(originRules.deal_id, deal), eq(originRules.code, code), isNull(originRules.valid_until)),
        ),
      `regra ${code}`,
    );
  const normOf = async (deal: number) =>
    idOf(
      db
        .select({ id: originNorms.id })
        .from(originNorms)
        .where(and(eq(originNorms.deal_id, deal), isNull(originNorms.valid_until)))
        .orderBy(originNorms.id)
        .limit(1),
      'norma',
    );
  const mercosul = await dealId('ACE-18');
  const argentina = await dealId('ACE-14');
  const location = await idOf(
    db.select({ id: deliveryLocations.id }).from(deliveryLocations).limit(1),
    'local',
  );

  const ceramic = {
    exporter_id: manufacturer.id,
    trade_association_id: tradeAssociationId,
    company_manufacturer_id: company.id,
    legal_representative_id: representative.id,
    deal_id: mercosul,
    origin_rule_id: await ruleOf(mercosul, 'ST'),
    origin_norm_id: await normOf(mercosul),
  };

  // 1. APROVADA, citable by the demo exporter through an approved link.
  const approvedAt = daysAgo(20);
  const [approved] = await db
    .insert(declarations)
    .values({
      ...ceramic,
      status: declarationFlow.actions.approve_delivery.to,
      product_name: 'Revestimento cerâmico esmaltado 60x60 cm',
      internal_product_code: 'RCE-6060',
      ncm: '69079000',
      nomenclature_code: '69079000',
      production_process:
        'Moagem a úmido das argilas e do caulim, atomização, prensagem, secagem, aplicação de engobe e esmalte, queima em forno a rolo a 1.180 °C, retífica e classificação.',
      fob_unit_value_min: '8.50',
      fob_unit_value_max: '11.90',
      approved_at: approvedAt,
      valid_until: brasiliaDay(approvedAt, 180),
      delivery_location_id: location,
      analyst_id: analyst,
      created_at: daysAgo(24),
      updated_at: approvedAt,
    })
    .returning({ id: declarations.id });
  // 2. ENVIADA, waiting for the analyst.
  const [sent] = await db
    .insert(declarations)
    .values({
      ...ceramic,
      status: declarationFlow.actions.send_analysis.to,
      product_name: 'Pastilha cerâmica para mosaico 5x5 cm',
      internal_product_code: 'PCM-0505',
      ncm: '69071000',
      nomenclature_code: '69071000',
      production_process:
        'Prensagem a seco da massa cerâmica, queima em forno a rolo, montagem em telas de fibra de vidro e embalagem.',
      fob_unit_value_min: '14.00',
      fob_unit_value_max: '18.50',
      created_at: daysAgo(2),
      updated_at: daysAgo(1),
    })
    .returning({ id: declarations.id });
  // 3. RASCUNHO of the demo exporter.
  const [torrefacao] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.exporter_id, exporterId), eq(companies.company_type_id, 2)));
  const [marina] = await db
    .select({ id: legalRepresentatives.id })
    .from(legalRepresentatives)
    .where(eq(legalRepresentatives.exporter_id, exporterId));
  if (!approved || !sent || !torrefacao || !marina)
    throw new Error('declarações de demonstração não criadas');
  const [draft] = await db
    .insert(declarations)
    .values({
      exporter_id: exporterId,
      trade_association_id: tradeAssociationId,
      company_manufacturer_id: torrefacao.id,
      legal_representative_id: marina.id,
      deal_id: argentina,
      origin_rule_id: await ruleOf(argentina, 'TO'),
      origin_norm_id: await normOf(argentina),
      status: declarationFlow.initial,
      product_name: 'Café torrado em grãos, não descafeinado',
      internal_product_code: 'CTG-1KG',
      ncm: '09012100',
      nomenclature_code: '09012100',
      production_process:
        'Seleção dos grãos de café arábica do Sul de Minas, torra em torrador de tambor rotativo, resfriamento, desgaseificação e embalagem em sacos valvulados de 1 kg.',
      fob_unit_value_min: '9.80',
      fob_unit_value_max: '12.40',
      created_at: daysAgo(1),
      updated_at: daysAgo(1),
    })
    .returning({ id: declarations.id });
  if (!draft) throw new Error('rascunho de demonstração não criado');

  await db.insert(declarationMaterials).values([
    {
      declaration_id: approved.id,
      position: 1,
      ncm: '25070010',
      description: 'Caulim beneficiado',
      origin_country_id: country('BR'),
      cif_value_usd: '1.20',
      fob_share_percent: '12.00',
    },
    {
      declaration_id: approved.id,
      position: 2,
      ncm: '25291000',
      description: 'Feldspato moído',
      origin_country_id: country('BR'),
      cif_value_usd: '0.90',
      fob_share_percent: '9.00',
    },
    {
      declaration_id: approved.id,
      position: 3,
      ncm: '32072010',
      description: 'Engobe cerâmico',
      origin_country_id: country('ES'),
      cif_value_usd: '1.60',
      fob_share_percent: '13.50',
    },
    {
      declaration_id: sent.id,
      position: 1,
      ncm: '25070010',
      description: 'Caulim beneficiado',
      origin_country_id: country('BR'),
      cif_value_usd: '2.10',
      fob_share_percent: '12.00',
    },
    {
      declaration_id: sent.id,
      position: 2,
      ncm: '32072010',
      description: 'Esmalte cerâmico colorido',
      origin_country_id: country('CN'),
      cif_value_usd: '3.40',
      fob_share_percent: '18.50',
    },
    {
      declaration_id: draft.id,
      position: 1,
      ncm: '09011110',
      description: 'Café arábica verde em grão',
      origin_country_id: country('BR'),
      cif_value_usd: '6.90',
      fob_share_percent: '70.00',
    },
    {
      declaration_id: draft.id,
      position: 2,
      ncm: '39232990',
      description: 'Saco valvulado laminado de 1 kg',
      origin_country_id: country('BR'),
      cif_value_usd: '0.45',
      fob_share_percent: '4.00',
    },
  ]);

  await history(db, declarationFlow.name, approved.id, [
    { action: 'create', from: null, to: 'RASCUNHO', userId: manufacturerUser, at: daysAgo(24) },
    { action: 'send_analysis', from: 'RASCUNHO', to: 'ENVIADA', userId: manufacturerUser, at: daysAgo(23) },
    { action: 'take', from: 'ENVIADA', to: 'EM_ANALISE', userId: analyst, at: daysAgo(21) },
    { action: 'approve_delivery', from: 'EM_ANALISE', to: 'APROVADA', userId: analyst, at: approvedAt },
  ]);
  await history(db, declarationFlow.name, sent.id, [
    { action: 'create', from: null, to: 'RASCUNHO', userId: manufacturerUser, at: daysAgo(2) },
    { action: 'send_analysis', from: 'RASCUNHO', to: 'ENVIADA', userId: manufacturerUser, at: daysAgo(1) },
  ]);
  await history(db, declarationFlow.name, draft.id, [
    { action: 'create', from: null, to: 'RASCUNHO', userId: exporterUser, at: daysAgo(1) },
  ]);

  const [link] = await db
    .insert(declarationLinks)
    .values({
      status: declarationLinkFlow.actions.approve.to,
      declaration_id: approved.id,
      exporter_id: exporterId,
      manufacturer_id: manufacturer.id,
      trade_association_id: tradeAssociationId,
      requested_by_user_id: exporterUser,
      requested_side: 'exporter',
      created_at: daysAgo(15),
      updated_at: daysAgo(14),
    })
    .returning({ id: declarationLinks.id });
  if (!link) throw new Error('vínculo de demonstração não criado');
  await history(db, declarationLinkFlow.name, link.id, [
    { action: 'create', from: null, to: 'PENDENTE', userId: exporterUser, at: daysAgo(15) },
    { action: 'approve', from: 'PENDENTE', to: 'APROVADO', userId: manufacturerUser, at: daysAgo(14) },
  ]);
}
