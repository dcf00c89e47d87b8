import type { CodCertification, CodInput } from './cod';

/** A COD's facts for the tests and the bench: two items, a consignee, text that needs escaping. */
export const codSampleInput = (acronym = 'A18'): CodInput => ({
  agreement: { name: `ACE ${acronym.slice(1)} - Acordo de teste`, acronym },
  subscriber: 'Maria Exportadora',
  exporter: {
    country: 'BR',
    name: 'Café & Exportação <Ltda>',
    address: 'Rua das Flores, 10',
    city: 'Santos',
    phone: '(13) 3333-4444',
    email: 'contato@cafe.com.br',
  },
  importer: { country: 'AR', name: 'Importadora SA', address: 'Av. Corrientes 100', city: 'Buenos Aires' },
  consignee: { country: 'UY', name: 'Consignatário SA', address: 'Calle 1', city: 'Montevideo' },
  invoice: { number: 'FAT-2026/001', date: '2026-01-10' },
  items: [
    {
      ncm: '09012100',
      name: 'Café torrado e moído',
      quantity: '100',
      unit: 'KG',
      value: '1000.5',
      originRule: 'Art. 3, a)',
      declarationDate: new Date('2026-01-05T12:00:00Z'),
      declarationNumber: 101,
    },
    {
      ncm: '21011110',
      name: 'Café solúvel',
      quantity: '12.3456',
      unit: 'KG',
      value: '77',
      originRule: 'Art. 3, b)',
      declarationDate: new Date('2026-01-06T12:00:00Z'),
      declarationNumber: 102,
    },
  ],
  transport: { port: 'Santos', means: 'Marítimo', destination: 'AR' },
  comments: 'Observação de teste',
  currency: 'USD',
  affidavit:
    'Declaramos que as mercadorias são originárias do Brasil e cumprem o regime de origem do acordo.',
  declaredAt: new Date('2026-01-11T15:00:00Z'),
});

export const codSampleCertification: CodCertification = {
  ehid: '036',
  name: 'Associação Comercial de Teste',
  address: 'Rua da Entidade, 1',
  city: 'São Paulo',
  url: 'http://origem.test/verificar/abc',
  controlCode: '005',
  certifiedAt: new Date('2026-01-12T10:00:00Z'),
  certificateId: 'BR036A18260000012300',
};
