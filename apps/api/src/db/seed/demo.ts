import type { RoleSlug } from '@origem/contract/permissions';
import { withCheckDigits } from '@origem/contract/validators/tax-id';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/secrets';
import type { Executor } from '../client';
import { confederations, federations, roles, tradeAssociations, users } from '../schema';
import { seedDemoCertificates } from './demo-certificates';
import { seedDemoDeclarations } from './demo-declarations';
import { seedDemoParties } from './demo-parties';

export const DEMO_PASSWORD = 'origem123';
/**
 * The TOTP secret (base32) of every demo user whose role requires a second factor: tests, the e2e fixtures and
 * people trying the demo add it to an authenticator app (README, demo users). Demo seed only.
 */
export const DEMO_TOTP_SECRET = 'ORIGEMDEMOTOTPSECRETFORSTAFF2345';

type DemoUser = {
  slug: RoleSlug;
  name: string;
  cpf: string;
  scope: 'none' | 'association' | 'federation' | 'confederation';
};

const DEMO_USERS: DemoUser[] = [
  { slug: 'admin', name: 'Ana Administradora', cpf: '111444777', scope: 'none' },
  { slug: 'analista', name: 'Bruno Analista', cpf: '222555888', scope: 'association' },
  { slug: 'exportador', name: 'Carla Exportadora', cpf: '333666999', scope: 'association' },
  { slug: 'despachante', name: 'Diego Despachante', cpf: '444777000', scope: 'association' },
  { slug: 'associacao', name: 'Elisa Associação', cpf: '555888111', scope: 'association' },
  { slug: 'federacao', name: 'Fábio Federação', cpf: '666999222', scope: 'federation' },
  { slug: 'confederacao', name: 'Gabriela Confederação', cpf: '777000333', scope: 'confederation' },
  { slug: 'fabricante', name: 'Heitor Fabricante', cpf: '888111444', scope: 'association' },
];

/** The demo hierarchy and one user per role, all with the password `origem123`. */
export async function seedDemoData(db: Executor): Promise<void> {
  const [confederation] = await db
    .insert(confederations)
    .values({
      confederation_code: 'CNCE',
      name: 'Confederação Nacional do Comércio Exterior',
      abbreviation: 'CNCE',
      cnpj: withCheckDigits('330001670001'),
      email: 'contato@cnce.origem.local',
      phone: '6133170000',
      url: 'https://cnce.origem.local',
      postcode: '70040903',
      address: 'Setor Bancário Norte, Quadra 1',
      number: '1',
      neighborhood: 'Asa Norte',
      city: 'Brasília',
      state: 'DF',
    })
    .returning({ id: confederations.id });
  const [federation] = await db
    .insert(federations)
    .values({
      confederation_id: confederation?.id,
      name: 'Federação das Associações Comerciais de São Paulo',
      abbreviation: 'FACESP',
      cnpj: withCheckDigits('612345670001'),
      email: 'certificados@facesp.origem.local',
      phone: '1131803000',
      postcode: '01014911',
      address: 'Rua Boa Vista',
      number: '51',
      neighborhood: 'Centro',
      city: 'São Paulo',
      state: 'SP',
    })
    .returning({ id: federations.id });
  const [association] = await db
    .insert(tradeAssociations)
    .values({
      federation_id: federation?.id,
      name: 'Associação Comercial de Santos',
      abbreviation: 'ACS',
      ehid: 'ACS',
      cnpj: withCheckDigits('583456780001'),
      email: 'origem@acs.origem.local',
      phone: '1332197000',
      postcode: '11010151',
      address: 'Rua XV de Novembro',
      number: '137',
      neighborhood: 'Centro',
      city: 'Santos',
      state: 'SP',
    })
    .returning({ id: tradeAssociations.id });

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    const [role] = await db
      .select({ id: roles.id, mfa_required: roles.mfa_required })
      .from(roles)
      .where(eq(roles.name, u.slug));
    if (!role) throw new Error(`papel ${u.slug} não semeado`);
    await db.insert(users).values({
      name: u.name,
      email: `${u.slug}@origem.local`,
      cpf: withCheckDigits(u.cpf),
      password_hash: passwordHash,
      role_id: role.id,
      trade_association_id: u.scope === 'association' ? association?.id : null,
      federation_id: u.scope === 'federation' || u.scope === 'association' ? federation?.id : null,
      confederation_id: u.scope === 'none' ? null : confederation?.id,
      change_password: false,
      ...(role.mfa_required ? { totp_secret: DEMO_TOTP_SECRET, totp_enabled_at: new Date() } : {}),
    });
  }
  if (association) {
    await seedDemoParties(db, association.id);
    await seedDemoDeclarations(db, association.id);
    await seedDemoCertificates(db, association.id);
  }
}
