import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { deals, tradeAssociationFees, tradeAssociations } from '../schema';

/**
 * Demo fee table of the Associação Comercial de Santos (reais per issued certificate): members pay about half.
 * Deals that were not seeded are skipped.
 */
const DEMO_FEES: Record<string, [member: string, nonMember: string]> = {
  'ACE-2': ['38.00', '76.00'],
  'ACE-14': ['38.00', '76.00'],
  'ACE-18': ['45.00', '90.00'],
  'ACE-35': ['45.00', '90.00'],
  'ACE-36': ['45.00', '90.00'],
  'ACE-58': ['45.00', '90.00'],
  'ACE-59': ['45.00', '90.00'],
  'ACE-72': ['45.00', '90.00'],
  'ACE-74': ['38.00', '76.00'],
  'MERCOSUL-ISRAEL': ['60.00', '120.00'],
  'MERCOSUL-EGITO': ['60.00', '120.00'],
  SGP: ['30.00', '60.00'],
};

/** The demo association's fee table per deal (issue 3). Idempotent: does nothing when the rows exist. */
export async function seedDemoFees(db: Executor): Promise<void> {
  const [association] = await db
    .select({ id: tradeAssociations.id })
    .from(tradeAssociations)
    .where(eq(tradeAssociations.ehid, 'ACS'));
  if (!association) return;
  const [existing] = await db
    .select({ id: tradeAssociationFees.id })
    .from(tradeAssociationFees)
    .where(eq(tradeAssociationFees.trade_association_id, association.id))
    .limit(1);
  if (existing) return;
  const seeded = await db
    .select({ id: deals.id, abbreviation: deals.abbreviation })
    .from(deals)
    .where(inArray(deals.abbreviation, Object.keys(DEMO_FEES)));
  const rows = seeded.flatMap((deal) => {
    const fee = DEMO_FEES[deal.abbreviation];
    return fee
      ? [
          {
            trade_association_id: association.id,
            deal_id: deal.id,
            member_fee: fee[0],
            non_member_fee: fee[1],
          },
        ]
      : [];
  });
  if (rows.length > 0) await db.insert(tradeAssociationFees).values(rows);
}
