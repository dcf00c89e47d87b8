import type { Permission } from '@origem/contract/permissions';
import type { UserDetail } from '@origem/contract/schemas/auth';
import { dispatcherMessages } from '@origem/contract/schemas/dispatchers';
import { exporterMessages } from '@origem/contract/schemas/exporters';
import type { PartyKind, PartyKindMessages } from '@origem/contract/schemas/party-records';

/** What the exporter and dispatcher screens differ in; everything else is one list and one form. */
export type PartyKindView = {
  kind: PartyKind;
  /** '/v1/exporter' */
  api: string;
  /** '/exportadores' */
  listPath: string;
  /** The detail screen's route ('$id' is the record's id, or 'novo'). */
  detailRoute: '/exportador/$id' | '/despachante/$id';
  plural: string;
  singular: string;
  /** 'o exportador' */
  the: string;
  newLabel: string;
  hint: string;
  view: Permission;
  manage: Permission;
  messages: PartyKindMessages;
  /** The session user's own record of this kind (an exporter's or a dispatcher's user). */
  ownId: (user: UserDetail | null) => number | null;
};

export const EXPORTER_VIEW: PartyKindView = {
  kind: 'exporter',
  api: '/v1/exporter',
  listPath: '/exportadores',
  detailRoute: '/exportador/$id',
  plural: 'Exportadores',
  singular: 'Exportador',
  the: 'o exportador',
  newLabel: 'Novo exportador',
  hint: 'Empresas e pessoas que exportam com certificados de origem, cada uma registrada em uma associação.',
  view: 'exporter.view',
  manage: 'exporter.manage',
  messages: exporterMessages,
  ownId: (user) => user?.exporter?.id ?? null,
};

export const DISPATCHER_VIEW: PartyKindView = {
  kind: 'dispatcher',
  api: '/v1/dispatcher',
  listPath: '/despachantes',
  detailRoute: '/despachante/$id',
  plural: 'Despachantes',
  singular: 'Despachante',
  the: 'o despachante',
  newLabel: 'Novo despachante',
  hint: 'Despachantes aduaneiros que preparam documentos pelos exportadores vinculados a eles.',
  view: 'dispatcher.view',
  manage: 'dispatcher.manage',
  messages: dispatcherMessages,
  ownId: (user) => user?.dispatcher?.id ?? null,
};

export const partyKeys = {
  all: (kind: PartyKind) => ['parties', kind] as const,
  detail: (kind: PartyKind, id: number) => ['parties', kind, 'detail', id] as const,
  list: (kind: PartyKind) => ['parties', kind, 'list'] as const,
};
