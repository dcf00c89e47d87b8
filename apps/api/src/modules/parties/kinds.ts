import { dispatcherMessages } from '@origem/contract/schemas/dispatchers';
import { exporterMessages } from '@origem/contract/schemas/exporters';
import type { PartyKind, PartyKindMessages } from '@origem/contract/schemas/party-records';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dispatchers, exporters, users } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { dispatcherScope, exporterScope } from '../../lib/scope';

/**
 * Exporters and dispatchers share their columns, rules and endpoints (SPEC §7); what differs is gathered here, so
 * one query, service and route module serves both.
 */
export type PartyTable = typeof exporters;

export type PartyKindSpec = {
  kind: PartyKind;
  /** `dispatchers` has exactly the columns of `exporters`; typed as one so the queries are written once. */
  table: PartyTable;
  /** Which rows the actor reaches (lib/scope.ts). */
  scope: (actor: Actor, table: PartyTable) => SQL | null;
  /** The users tied to a record of this kind (SPEC §3 session user `exporter` / `dispatcher`). */
  userColumn: AnyPgColumn;
  /** `auditable_type` of its audit rows and `owner_type` of its files. */
  auditType: string;
  uniqueIndex: { cpf: string; cnpj: string };
  messages: PartyKindMessages;
  /** The actor's own record when it is a user of this kind. */
  ownId: (actor: Actor) => number | null;
};

export const EXPORTER: PartyKindSpec = {
  kind: 'exporter',
  table: exporters,
  scope: (actor, t) => exporterScope(actor, { exporterId: t.id, tradeAssociationId: t.trade_association_id }),
  userColumn: users.exporter_id,
  auditType: 'exporter',
  uniqueIndex: { cpf: 'exporters_cpf_live_idx', cnpj: 'exporters_cnpj_live_idx' },
  messages: exporterMessages,
  ownId: (actor) => (actor.roleType === 'exportador' ? actor.exporterId : null),
};

export const DISPATCHER: PartyKindSpec = {
  kind: 'dispatcher',
  table: dispatchers as unknown as PartyTable,
  scope: (actor, t) =>
    dispatcherScope(actor, { dispatcherId: t.id, tradeAssociationId: t.trade_association_id }),
  userColumn: users.dispatcher_id,
  auditType: 'dispatcher',
  uniqueIndex: { cpf: 'dispatchers_cpf_live_idx', cnpj: 'dispatchers_cnpj_live_idx' },
  messages: dispatcherMessages,
  ownId: (actor) => (actor.roleType === 'despachante' ? actor.dispatcherId : null),
};

/** The other side of a dispatcher–exporter link. */
export const counterpartOf = (spec: PartyKindSpec): PartyKindSpec =>
  spec.kind === 'exporter' ? DISPATCHER : EXPORTER;

/** `stored_files.owner_type` of a party's social contract: 'exporter.social_contract', 'dispatcher.social_contract'. */
export const SOCIAL_CONTRACT_ROLE = 'social_contract';
export const socialContractOwnerType = (spec: PartyKindSpec) => `${spec.auditType}.${SOCIAL_CONTRACT_ROLE}`;
