import { messages } from '@origem/contract/messages.pt';
import {
  associationInputSchema,
  type ConfederationInput,
  confederationInputSchema,
  entityMessages,
  federationInputSchema,
} from '@origem/contract/schemas/entities';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import { confederations, countries, federations, tradeAssociations, users } from '../../db/schema';
import { applyFileChoice, type FileChanges } from '../../files/records';
import type { ReceivedFile } from '../../files/upload';
import type { Actor } from '../../lib/context';
import { requireParentInScope } from '../../lib/scope';
import {
  associationFees,
  associationOptionColumns,
  ehidRace,
  feeAudit,
  moveAssociationUsers,
  prepareAssociation,
} from './association-extras';
import { applyImage, assertCountry } from './confederation-image';
import { type EntityKindName, logoOf, logoOwner, ownFields } from './entity-kind';
import { entityService } from './entity-service';
import { associationLogoUrl, confederationImageUrl, federationLogoUrl, logoView } from './logos';
import { associationScope, confederationOptionScope, confederationScope, federationScope } from './scopes';

/** The three levels of the hierarchy (DOMAIN.md §1), declared as data for the one entity service and routes. */

const options = (table: typeof confederations | typeof federations) => ({
  id: table.id,
  name: table.name,
  abbreviation: table.abbreviation,
});

/** How many records hang below, as a view column. */
const countBelow = (childTable: string, parentColumn: string, id: AnyPgColumn) =>
  sql<number>`(select count(*) from ${sql.raw(childTable)} c where c.${sql.raw(parentColumn)} = ${id})::int`.mapWith(
    Number,
  );

const named = (id: number | null, name: string | null) => (id && name ? { id, name } : null);

/** The kinds whose save form carries the logo file: a new file replaces it, `remove_logo` removes it. */
const formLogo = (kind: EntityKindName) => ({
  auditKey: 'logo',
  apply: (
    tx: Tx,
    changes: FileChanges,
    actor: Actor,
    id: number,
    input: { remove_logo?: boolean },
    file: ReceivedFile | undefined,
  ) => applyFileChoice(tx, changes, logoOwner(kind, id), actor.id, { file, remove: input.remove_logo }),
});

// ------------------------------------------------------------------ confederations (/v2)

const confederationImage = logoOf('confederation', 'confederation_image', confederations.id);
const confederationColumns = {
  ...getTableColumns(confederations),
  country_name: countries.name,
  federations_count: countBelow('federations', 'confederation_id', confederations.id),
  ...confederationImage.columns,
};

export const confederationEntities = entityService({
  kind: 'confederation',
  auditType: 'confederation',
  table: confederations,
  input: confederationInputSchema,
  select: (db: Executor) =>
    db
      .select(confederationColumns)
      .from(confederations)
      .leftJoin(countries, eq(countries.id, confederations.country_id))
      .leftJoin(confederationImage.table, confederationImage.join)
      .$dynamic(),
  toView: (row) => ({
    ...ownFields(confederations, row),
    country: named(row.country_id, row.country_name),
    federations_count: row.federations_count,
    confederation_image: logoView(confederationImageUrl(row.id), row),
  }),
  searchColumns: [confederations.name, confederations.abbreviation],
  scope: confederationScope,
  optionColumns: options(confederations),
  // A confederation user places users only in its own confederation: only the administrator gets them all.
  optionScope: confederationOptionScope,
  parent: { field: 'country_id', check: assertCountry },
  image: {
    auditKey: 'confederation_image',
    apply: (tx, changes, actor, id, input: ConfederationInput) => applyImage(tx, changes, actor, id, input),
  },
  usage: {
    children: federations.confederation_id,
    users: users.confederation_id,
    message: entityMessages.confederationInUse,
  },
  deletedMessage: messages.success.confederationDeleted,
});

// ------------------------------------------------------------------ federations

const federationLogo = logoOf('federation', 'federation_logo', federations.id);
const federationColumns = {
  ...getTableColumns(federations),
  confederation_name: confederations.name,
  associations_count: countBelow('trade_associations', 'federation_id', federations.id),
  ...federationLogo.columns,
};

export const federationEntities = entityService({
  kind: 'federation',
  auditType: 'federation',
  table: federations,
  input: federationInputSchema,
  select: (db: Executor) =>
    db
      .select(federationColumns)
      .from(federations)
      .leftJoin(confederations, eq(confederations.id, federations.confederation_id))
      .leftJoin(federationLogo.table, federationLogo.join)
      .$dynamic(),
  toView: (row) => ({
    ...ownFields(federations, row),
    confederation: named(row.confederation_id, row.confederation_name),
    associations_count: row.associations_count,
    logo: logoView(federationLogoUrl(row.id), row),
  }),
  searchColumns: [federations.name, federations.abbreviation],
  scope: federationScope,
  optionColumns: options(federations),
  parent: {
    field: 'confederation_id',
    check: (tx, actor, id) => requireParentInScope(tx, actor, 'confederation', id, 'confederation_id'),
    // Users keep their place in the hierarchy denormalised (it drives row scoping): the federation's users (and
    // its associations' users) move with it.
    onMove: async (tx, id, confederationId) => {
      await tx.update(users).set({ confederation_id: confederationId }).where(eq(users.federation_id, id));
    },
  },
  image: { ...formLogo('federation'), public: true },
  usage: {
    children: tradeAssociations.federation_id,
    users: users.federation_id,
    message: entityMessages.federationInUse,
  },
  deletedMessage: messages.success.federationDeleted,
});

// ------------------------------------------------------------------ trade associations

const associationLogo = logoOf('association', 'association_logo', tradeAssociations.id);
const associationUser = alias(users, 'association_user');
const associationColumns = {
  ...getTableColumns(tradeAssociations),
  federation_name: federations.name,
  user_name: associationUser.name,
  user_email: associationUser.email,
  ...associationLogo.columns,
};

export const associationEntities = entityService({
  kind: 'association',
  auditType: 'trade_association',
  table: tradeAssociations,
  input: associationInputSchema,
  select: (db: Executor) =>
    db
      .select(associationColumns)
      .from(tradeAssociations)
      .leftJoin(federations, eq(federations.id, tradeAssociations.federation_id))
      .leftJoin(associationUser, eq(associationUser.id, tradeAssociations.user_id))
      .leftJoin(associationLogo.table, associationLogo.join)
      .$dynamic(),
  toView: (row) => ({
    ...ownFields(tradeAssociations, row),
    federation: named(row.federation_id, row.federation_name),
    user:
      row.user_id && row.user_name && row.user_email
        ? { id: row.user_id, name: row.user_name, email: row.user_email }
        : null,
    logo: logoView(associationLogoUrl(row.id), row),
  }),
  detail: async (db, id) => ({ fees: await associationFees(db, id) }),
  // The list's name filter also finds an association by its EHId ('ACS').
  searchColumns: [tradeAssociations.name, tradeAssociations.abbreviation, tradeAssociations.ehid],
  scope: associationScope,
  optionColumns: associationOptionColumns,
  // Omitted: the current user stays (an edit from a client that does not know the field changes nothing).
  keepWhenOmitted: ['user_id'],
  parent: {
    field: 'federation_id',
    check: async (tx, actor, id) => {
      const federation = await requireParentInScope(tx, actor, 'federation', id, 'federation_id');
      return { id: federation.id, confederation_id: federation.confederationId };
    },
    // The association's users follow it to another federation (their placement drives row scoping).
    onMove: (tx, id, _federationId, federation) =>
      moveAssociationUsers(tx, id, federation as { id: number; confederation_id: number | null }),
  },
  prepare: prepareAssociation,
  auditExtras: feeAudit,
  image: formLogo('association'),
  usage: {
    users: users.trade_association_id,
    message: (_none, users) => entityMessages.associationInUse(users),
  },
  race: ehidRace,
  deletedMessage: entityMessages.association.deleted,
});
