import { count, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { hashPassword } from '../../lib/secrets';
import type { Database } from '../client';
import { roles, users } from '../schema';
import { seedCertificateModels } from './certificate-models';
import { seedDeals } from './deals';
import { seedDemoData } from './demo';
import { seedDemoFees } from './fees';
import { seedLookups } from './lookups';
import { seedNcm } from './ncm';
import { seedReferenceData } from './reference';

export type SeedMode = 'demo' | 'none';

/**
 * Reference data always; demo data when asked, or by default on a fresh embedded database. With SEED=none the
 * first administrator comes from ADMIN_EMAIL / ADMIN_PASSWORD, so production never has a known password.
 */
export async function seedDatabase(
  db: Database,
  config: Pick<Config, 'seed' | 'databaseUrl' | 'adminEmail' | 'adminPassword'>,
  options: { ncm?: boolean } = {},
): Promise<{ demo: boolean }> {
  // 14,569 NCM rows: loaded in their own transaction, and skipped by tests that do not need them.
  if (options.ncm ?? true) await db.transaction((tx) => seedNcm(tx));
  return db.transaction(async (tx) => {
    await seedReferenceData(tx);
    await seedLookups(tx);
    await seedDeals(tx);
    await seedCertificateModels(tx);
    const [row] = await tx.select({ n: count() }).from(users);
    const empty = (row?.n ?? 0) === 0;
    const mode: SeedMode = config.seed ?? (config.databaseUrl ? 'none' : 'demo');
    if (empty && mode === 'demo') {
      await seedDemoData(tx);
      await seedDemoFees(tx);
      return { demo: true };
    }
    if (empty && config.adminEmail && config.adminPassword) {
      const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'admin'));
      if (admin) {
        await tx.insert(users).values({
          name: 'Administrador',
          email: config.adminEmail.toLowerCase(),
          password_hash: await hashPassword(config.adminPassword),
          role_id: admin.id,
          change_password: true,
        });
      }
    }
    return { demo: false };
  });
}
