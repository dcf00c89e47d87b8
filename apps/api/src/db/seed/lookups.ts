import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import {
  companyTypes,
  countries,
  currencies,
  deliveryLocations,
  jobPositions,
  languages,
  measurementUnits,
  personTypes,
  sectors,
  shipmentPorts,
  transports,
} from '../schema';

// [code, Portuguese name, ALADI member]: ALADI's members and Brazil's main partners under the seeded deals.
const COUNTRIES: [string, string, boolean][] = [
  ['AR', 'Argentina', true],
  ['BO', 'Bolívia', true],
  ['BR', 'Brasil', true],
  ['CL', 'Chile', true],
  ['CO', 'Colômbia', true],
  ['CU', 'Cuba', true],
  ['EC', 'Equador', true],
  ['MX', 'México', true],
  ['PA', 'Panamá', true],
  ['PY', 'Paraguai', true],
  ['PE', 'Peru', true],
  ['UY', 'Uruguai', true],
  ['VE', 'Venezuela', true],
  ['IL', 'Israel', false],
  ['EG', 'Egito', false],
  ['IN', 'Índia', false],
  ['ZA', 'África do Sul', false],
  ['SG', 'Singapura', false],
  ['PS', 'Palestina', false],
  ['US', 'Estados Unidos', false],
  ['CA', 'Canadá', false],
  ['CN', 'China', false],
  ['JP', 'Japão', false],
  ['KR', 'Coreia do Sul', false],
  ['DE', 'Alemanha', false],
  ['ES', 'Espanha', false],
  ['FR', 'França', false],
  ['IT', 'Itália', false],
  ['NL', 'Países Baixos', false],
  ['PT', 'Portugal', false],
  ['GB', 'Reino Unido', false],
  ['CH', 'Suíça', false],
  ['NO', 'Noruega', false],
  ['RU', 'Rússia', false],
  ['TR', 'Turquia', false],
  ['SA', 'Arábia Saudita', false],
  ['AE', 'Emirados Árabes Unidos', false],
  ['MA', 'Marrocos', false],
  ['NG', 'Nigéria', false],
  ['AO', 'Angola', false],
  ['AU', 'Austrália', false],
];

const SEEDS: [PgTable, Record<string, unknown>[]][] = [
  [
    companyTypes,
    [
      { id: 1, name: 'Importador' },
      { id: 2, name: 'Fabricante' },
      { id: 3, name: 'Interveniente' },
    ],
  ],
  [
    personTypes,
    [
      { id: 1, name: 'Pessoa física' },
      { id: 2, name: 'Pessoa jurídica' },
    ],
  ],
  [
    languages,
    [
      { code: 'pt', name: 'Português' },
      { code: 'es', name: 'Espanhol' },
      { code: 'en', name: 'Inglês' },
    ],
  ],
  [countries, COUNTRIES.map(([code, name, aladi_member]) => ({ code, name, aladi_member }))],
  [
    currencies,
    [
      ['USD', 'Dólar dos Estados Unidos', 'US$'],
      ['EUR', 'Euro', '€'],
      ['BRL', 'Real', 'R$'],
      ['ARS', 'Peso argentino', '$'],
      ['CLP', 'Peso chileno', '$'],
      ['UYU', 'Peso uruguaio', '$U'],
      ['PYG', 'Guarani', '₲'],
      ['BOB', 'Boliviano', 'Bs'],
      ['PEN', 'Sol', 'S/'],
      ['COP', 'Peso colombiano', '$'],
      ['MXN', 'Peso mexicano', '$'],
      ['ILS', 'Novo shekel', '₪'],
      ['EGP', 'Libra egípcia', 'E£'],
      ['CNY', 'Yuan', '¥'],
    ].map(([code, name, symbol]) => ({ code, name, symbol })),
  ],
  [
    transports,
    ['Marítimo', 'Aéreo', 'Rodoviário', 'Ferroviário', 'Fluvial', 'Multimodal', 'Postal'].map((name) => ({
      name,
    })),
  ],
  [
    measurementUnits,
    [
      ['KG', 'Quilograma'],
      ['G', 'Grama'],
      ['T', 'Tonelada'],
      ['UN', 'Unidade'],
      ['PAR', 'Par'],
      ['DZ', 'Dúzia'],
      ['L', 'Litro'],
      ['M', 'Metro'],
      ['M2', 'Metro quadrado'],
      ['M3', 'Metro cúbico'],
      ['CX', 'Caixa'],
      ['MWH', 'Megawatt-hora'],
    ].map(([code, name]) => ({ code, name })),
  ],
  [
    shipmentPorts,
    [
      ['Porto de Santos', 'Santos', 'SP'],
      ['Porto de Paranaguá', 'Paranaguá', 'PR'],
      ['Porto de Rio Grande', 'Rio Grande', 'RS'],
      ['Porto de Itajaí', 'Itajaí', 'SC'],
      ['Porto do Rio de Janeiro', 'Rio de Janeiro', 'RJ'],
      ['Porto de Vitória', 'Vitória', 'ES'],
      ['Aeroporto Internacional de Guarulhos', 'Guarulhos', 'SP'],
      ['Aeroporto Internacional de Viracopos', 'Campinas', 'SP'],
      ['Fronteira Foz do Iguaçu', 'Foz do Iguaçu', 'PR'],
      ['Fronteira Uruguaiana', 'Uruguaiana', 'RS'],
      ['Fronteira Corumbá', 'Corumbá', 'MS'],
    ].map(([name, city, state]) => ({ name, city, state })),
  ],
  [
    sectors,
    [
      'Agronegócio',
      'Alimentos e bebidas',
      'Automotivo e autopeças',
      'Calçados e couro',
      'Eletroeletrônicos',
      'Máquinas e equipamentos',
      'Metalurgia e siderurgia',
      'Móveis e madeira',
      'Papel e celulose',
      'Plásticos e borracha',
      'Químico e petroquímico',
      'Têxtil e confecção',
    ].map((name) => ({ name })),
  ],
  [
    jobPositions,
    [
      'Sócio-administrador',
      'Diretor',
      'Gerente',
      'Procurador',
      'Analista de comércio exterior',
      'Coordenador de exportação',
    ].map((name) => ({ name })),
  ],
  [
    deliveryLocations,
    [{ name: 'Sede da associação emissora', address: 'Endereço da associação', city: null }],
  ],
];

/** Each lookup table gets its starting rows once, when empty; afterwards it belongs to the administrators. */
export async function seedLookups(db: Executor): Promise<void> {
  for (const [table, rows] of SEEDS) {
    const [existing] = await db.select({ n: count() }).from(table);
    if ((existing?.n ?? 0) === 0) await db.insert(table).values(rows);
  }
  // Fixed ids were inserted explicitly: move the sequences past them.
  for (const table of ['company_types', 'person_types']) {
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`),
    );
  }
}
