import { withCheckDigits } from '@origem/contract/validators/tax-id';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import {
  companies,
  countries,
  dispatchers,
  exporters,
  jobPositions,
  legalRepresentatives,
  preRegistrations,
  tradeAssociations,
  users,
} from '../schema';

/**
 * The demo exporter and dispatcher of the demo association, tied to the demo `exportador@` and `despachante@`
 * users, with a small address book and a legal representative, so every party screen opens with data.
 */
export async function seedDemoParties(db: Executor, tradeAssociationId: number): Promise<void> {
  const [exporter] = await db
    .insert(exporters)
    .values({
      person_type_id: 2,
      cnpj: withCheckDigits('112223330001'),
      name: 'Café Santista Exportadora Ltda.',
      trade_name: 'Café Santista',
      state_registration: '633123456110',
      email: 'comex@cafesantista.origem.local',
      phone: '1332191234',
      postcode: '11013000',
      address: 'Rua do Comércio',
      number: '45',
      neighborhood: 'Centro',
      city: 'Santos',
      state: 'SP',
      trade_association_id: tradeAssociationId,
      associated: true,
    })
    .returning({ id: exporters.id });
  const [dispatcher] = await db
    .insert(dispatchers)
    .values({
      person_type_id: 2,
      cnpj: withCheckDigits('445556660001'),
      name: 'Porto Despachos Aduaneiros Ltda.',
      trade_name: 'Porto Despachos',
      email: 'contato@portodespachos.origem.local',
      phone: '1332195678',
      postcode: '11015001',
      address: 'Avenida Conselheiro Rodrigues Alves',
      number: '300',
      neighborhood: 'Macuco',
      city: 'Santos',
      state: 'SP',
      trade_association_id: tradeAssociationId,
      associated: false,
    })
    .returning({ id: dispatchers.id });
  if (!exporter || !dispatcher) throw new Error('partes de demonstração não criadas');
  await db.update(users).set({ exporter_id: exporter.id }).where(eq(users.email, 'exportador@origem.local'));
  await db
    .update(users)
    .set({ dispatcher_id: dispatcher.id })
    .where(eq(users.email, 'despachante@origem.local'));

  const countryRows = await db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(inArray(countries.code, ['AR', 'BR', 'UY']));
  const country = (code: string) => {
    const row = countryRows.find((c) => c.code === code);
    if (!row) throw new Error(`país ${code} não semeado`);
    return row.id;
  };
  const book = { exporter_id: exporter.id, trade_association_id: tradeAssociationId };
  await db.insert(companies).values([
    {
      ...book,
      company_type_id: 1,
      corporate_name: 'Importadora Rioplatense S.A.',
      foreign_tax_id: '30-71234567-9',
      country_id: country('AR'),
      email: 'compras@rioplatense.example',
      address: 'Avenida Corrientes',
      number: '1234',
      city: 'Buenos Aires',
      state: 'CABA',
      postcode: 'C1043AAZ',
    },
    {
      ...book,
      company_type_id: 2,
      corporate_name: 'Torrefação Serra Azul Ltda.',
      cnpj: withCheckDigits('778889990001'),
      country_id: country('BR'),
      address: 'Rodovia SP-055',
      number: 'km 210',
      city: 'Cubatão',
      state: 'SP',
      postcode: '11500000',
    },
    {
      ...book,
      company_type_id: 3,
      corporate_name: 'Trading del Este S.R.L.',
      foreign_tax_id: '217654320018',
      country_id: country('UY'),
      address: 'Rambla 25 de Agosto',
      number: '500',
      city: 'Montevidéu',
      postcode: '11000',
    },
  ]);

  const [director] = await db
    .select({ id: jobPositions.id })
    .from(jobPositions)
    .where(eq(jobPositions.name, 'Diretor'));
  await db.insert(legalRepresentatives).values({
    exporter_id: exporter.id,
    name: 'Marina Tavares Lima',
    cpf: withCheckDigits('123456789'),
    email: 'marina.lima@cafesantista.origem.local',
    phone: '13991234567',
    job_position_id: director?.id ?? null,
    procuration_valid_until: `${new Date().getFullYear() + 1}-12-31`,
  });

  // Two sign-ups waiting for the analyst: a company and a person (their files come with real sign-ups).
  const [association] = await db
    .select({ federationId: tradeAssociations.federation_id })
    .from(tradeAssociations)
    .where(eq(tradeAssociations.id, tradeAssociationId));
  await db.insert(preRegistrations).values([
    {
      profile_type: 'exportador',
      person_type_id: 2,
      cnpj: withCheckDigits('998887770001'),
      name: 'Frutas do Vale Exportação Ltda.',
      email: 'cadastro@frutasdovale.origem.local',
      phone: '1334567890',
      postcode: '11060002',
      address: 'Avenida Ana Costa',
      number: '480',
      neighborhood: 'Gonzaga',
      city: 'Santos',
      state: 'SP',
      federation_id: association?.federationId ?? null,
      trade_association_id: tradeAssociationId,
    },
    {
      profile_type: 'despachante',
      person_type_id: 1,
      cpf: withCheckDigits('987654321'),
      name: 'Renato Alves Pereira',
      email: 'renato.despachante@origem.local',
      phone: '13997654321',
      city: 'Guarujá',
      state: 'SP',
      federation_id: association?.federationId ?? null,
      trade_association_id: tradeAssociationId,
    },
  ]);
}
