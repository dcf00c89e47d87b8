import type { Permission } from './permissions';

/**
 * Every workflow of the product as data (ARCHITECTURE "The kernel"; DOMAIN.md §3, §4, §6, §7): its states with
 * the Portuguese label and tag colour users see, and its actions with the states they leave from, the state they
 * reach, who may take them and what they need. The server's one transition function and the web's tags, buttons
 * and timelines both read these definitions; no status literal lives anywhere else.
 */

/** antd preset tag colours. */
export type TagColor =
  | 'default'
  | 'blue'
  | 'geekblue'
  | 'cyan'
  | 'gold'
  | 'orange'
  | 'green'
  | 'red'
  | 'volcano'
  | 'purple'
  | 'magenta';

export type FlowState = {
  label: string;
  color: TagColor;
  /** No action leaves it (the record's story is over). */
  final?: boolean;
};

/**
 * Who takes the action: a signed-in user holding `permission` (the default), the system (a job, or another action's
 * effect), or the applicant of a public form holding its private link.
 */
export type FlowActor = 'user' | 'system' | 'applicant';

export type FlowAction<S extends string> = {
  /** Button text. */
  label: string;
  from: readonly S[];
  to: S;
  by?: FlowActor;
  /** Required of a `user` action: the permission, or any one of a list (e.g. a party's or the association's). */
  permission?: Permission | readonly Permission[];
  /** A reason the user must (or may) write; it is kept in the history. */
  note?: { required: boolean; label: string };
  /** A file sent with the action (multipart field name and what it is). */
  file?: { field: string; label: string };
  /** The action is completed by a verified digital signature. */
  signature?: boolean;
  /** Irreversible or destructive: the web asks for confirmation (with this question). */
  confirm?: string;
  danger?: boolean;
  /** HTTP status of a refusal when SPEC §8 names one (253 for a pre-registration's approval); 422 otherwise. */
  refusalStatus?: number;
  /** The confirmation dialog's text (SPEC §8's, verbatim, where it gives one). */
  success?: string;
};

export type FlowDefinition<S extends string = string, A extends string = string> = {
  /** Stable code, stored in the history rows. */
  name: string;
  /** How the record is named in messages: 'o pré-cadastro', 'a declaração'. */
  noun: string;
  states: Readonly<Record<S, FlowState>>;
  /** The state a new record starts in. */
  initial: S;
  actions: Readonly<Record<A, FlowAction<S>>>;
};

/**
 * Declares a flow with its state and action codes inferred from the object, checking that every action's states
 * exist; the actions keep their literal types, so `flow.actions.approve.success` is known to be a string.
 */
export function defineFlow<
  const St extends Record<string, FlowState>,
  const T extends Record<string, FlowAction<NoInfer<Extract<keyof St, string>>>>,
>(flow: {
  name: string;
  noun: string;
  states: St;
  initial: NoInfer<Extract<keyof St, string>>;
  actions: T;
}): FlowDefinition<Extract<keyof St, string>, Extract<keyof T, string>> & { states: St; actions: T } {
  return flow;
}

export type StateOf<F> = F extends FlowDefinition<infer S, string> ? S : never;
export type ActionOf<F> = F extends FlowDefinition<string, infer A> ? A : never;

/** The state codes of a flow, in declaration order (CHECK constraints, zod enums, filters). */
export function stateCodes<S extends string>(flow: FlowDefinition<S>): [S, ...S[]] {
  return Object.keys(flow.states) as [S, ...S[]];
}

/** States some action can still leave from: the record is "open". */
export function openStates<S extends string>(flow: FlowDefinition<S>): S[] {
  return stateCodes(flow).filter((code) => !flow.states[code].final);
}

/** The label of a stored code; an unknown code is shown as it is rather than hidden. */
export function stateLabel(flow: FlowDefinition, code: string): string {
  return (flow.states as Record<string, FlowState>)[code]?.label ?? code;
}

/** Why an action was refused, naming the current state (the server's 422/253 message). */
export function refusalMessage(flow: FlowDefinition, action: string, current: string): string {
  const label = (flow.actions as Record<string, FlowAction<string>>)[action]?.label ?? action;
  return `A ação "${label}" não está disponível: ${flow.noun} está na situação "${stateLabel(flow, current)}".`;
}

// ---- pre-registration (DOMAIN.md §7) ---------------------------------------------------------------------------

export const preRegistrationFlow = defineFlow({
  name: 'pre_registration',
  noun: 'o pré-cadastro',
  initial: 'ENVIADO',
  states: {
    ENVIADO: { label: 'Enviado', color: 'blue' },
    PENDENTE: { label: 'Pendente', color: 'gold' },
    APROVADO: { label: 'Aprovado', color: 'green', final: true },
    REPROVADO: { label: 'Reprovado', color: 'red', final: true },
  },
  actions: {
    approve: {
      label: 'Aprovar',
      from: ['ENVIADO'],
      to: 'APROVADO',
      permission: 'pre_registration.analyse',
      confirm:
        'Aprovar este pré-cadastro? O cadastro e o usuário serão criados e o solicitante será avisado.',
      refusalStatus: 253,
      success:
        'Pré-cadastro APROVADO com sucesso! O novo usuário recebeu por e-mail o link para definir a senha.',
    },
    pendency: {
      label: 'Marcar pendência',
      from: ['ENVIADO'],
      to: 'PENDENTE',
      permission: 'pre_registration.analyse',
      note: { required: true, label: 'O que o solicitante precisa corrigir' },
      success:
        'Pendência registrada com sucesso! O solicitante recebeu por e-mail o link para corrigir os dados.',
    },
    reprove: {
      label: 'Reprovar',
      from: ['ENVIADO', 'PENDENTE'],
      to: 'REPROVADO',
      permission: 'pre_registration.analyse',
      note: { required: true, label: 'Motivo da reprovação' },
      danger: true,
      success: 'Pré-cadastro REPROVADO com sucesso! O solicitante foi avisado por e-mail.',
    },
    resubmit: {
      label: 'Reenviar para análise',
      from: ['PENDENTE'],
      to: 'ENVIADO',
      by: 'applicant',
      success: 'Correções enviadas com sucesso! O pré-cadastro voltou para análise.',
    },
  },
});

// ---- declaration of origin (DOMAIN.md §3) ----------------------------------------------------------------------

export const declarationFlow = defineFlow({
  name: 'declaration',
  noun: 'a declaração',
  initial: 'RASCUNHO',
  states: {
    RASCUNHO: { label: 'Rascunho', color: 'default' },
    ENVIADA: { label: 'Enviada para análise', color: 'blue' },
    EM_ANALISE: { label: 'Em análise', color: 'geekblue' },
    APROVADA: { label: 'Aprovada', color: 'green' },
    REPROVADA: { label: 'Reprovada', color: 'red' },
    VENCIDA: { label: 'Vencida', color: 'volcano', final: true },
  },
  actions: {
    send_analysis: {
      label: 'Enviar para análise',
      from: ['RASCUNHO', 'REPROVADA'],
      to: 'ENVIADA',
      permission: 'declaration.create',
      success: 'Declaração enviada para análise com sucesso!',
    },
    take: {
      label: 'Iniciar análise',
      from: ['ENVIADA'],
      to: 'EM_ANALISE',
      permission: 'declaration.analyse',
      success: 'Declaração em análise.',
    },
    approve_delivery: {
      label: 'Aprovar (entrega física)',
      from: ['EM_ANALISE'],
      to: 'APROVADA',
      permission: 'declaration.analyse',
      confirm: 'Aprovar a declaração pela entrega da via assinada no local escolhido?',
      success: 'Declaração APROVADA com sucesso!',
    },
    digitally_signed: {
      label: 'Aprovar (assinatura digital)',
      from: ['EM_ANALISE'],
      to: 'APROVADA',
      permission: 'declaration.analyse',
      signature: true,
      success: 'Declaração APROVADA com sucesso!',
    },
    reject: {
      label: 'Reprovar',
      from: ['ENVIADA', 'EM_ANALISE'],
      to: 'REPROVADA',
      permission: 'declaration.analyse',
      note: { required: true, label: 'Motivo da reprovação' },
      danger: true,
      success: 'Declaração REPROVADA com sucesso!',
    },
    expire: { label: 'Vencer', from: ['APROVADA'], to: 'VENCIDA', by: 'system' },
  },
});

// ---- certificate of origin (DOMAIN.md §4) ----------------------------------------------------------------------

export const certificateFlow = defineFlow({
  name: 'certificate',
  noun: 'o certificado',
  initial: 'RASCUNHO',
  states: {
    RASCUNHO: { label: 'Rascunho', color: 'default' },
    AGUARDANDO_ASSINATURA: { label: 'Aguardando assinatura do exportador', color: 'purple' },
    ENVIADO: { label: 'Enviado para análise', color: 'blue' },
    EM_ANALISE: { label: 'Em análise', color: 'geekblue' },
    REPROVADO: { label: 'Reprovado', color: 'red' },
    APROVADO: { label: 'Aprovado — aguardando assinatura da entidade', color: 'cyan' },
    /** Signed by the entity; issued once the time-stamping authority dates the COD (issue 37). */
    AGUARDANDO_CARIMBO: { label: 'Aguardando carimbo do tempo', color: 'gold' },
    EMITIDO: { label: 'Emitido', color: 'green' },
    CANCELAMENTO_SOLICITADO: { label: 'Cancelamento solicitado', color: 'orange' },
    CANCELADO: { label: 'Cancelado', color: 'volcano', final: true },
    SUBSTITUICAO_SOLICITADA: { label: 'Substituição solicitada', color: 'gold' },
    SUBSTITUIDO: { label: 'Substituído', color: 'magenta', final: true },
  },
  actions: {
    send_analysis: {
      label: 'Enviar para análise',
      from: ['RASCUNHO', 'REPROVADO'],
      to: 'ENVIADO',
      permission: 'certificate.create',
      success: 'Certificado enviado para análise com sucesso!',
    },
    send_for_signature: {
      label: 'Enviar para assinatura',
      from: ['RASCUNHO', 'REPROVADO'],
      to: 'AGUARDANDO_ASSINATURA',
      permission: 'certificate.create',
      success: 'Certificado enviado para a assinatura do exportador!',
    },
    /** The signing request mailed again to the legal representative (lost or expired mail); the state stays. */
    send_signature: {
      label: 'Reenviar e-mail de assinatura',
      from: ['AGUARDANDO_ASSINATURA'],
      to: 'AGUARDANDO_ASSINATURA',
      permission: 'certificate.create',
      confirm: 'Reenviar ao responsável legal o e-mail com o pedido de assinatura deste certificado?',
      success: 'E-mail de assinatura reenviado ao responsável legal!',
    },
    first_signature: {
      label: 'Assinar (exportador)',
      from: ['AGUARDANDO_ASSINATURA'],
      to: 'ENVIADO',
      permission: 'certificate.create',
      signature: true,
      success: 'Certificado assinado e enviado para análise!',
    },
    take: {
      label: 'Iniciar análise',
      from: ['ENVIADO'],
      to: 'EM_ANALISE',
      permission: 'certificate.analyse',
      success: 'Certificado em análise.',
    },
    reprove: {
      label: 'Reprovar',
      from: ['EM_ANALISE'],
      to: 'REPROVADO',
      permission: 'certificate.analyse',
      note: { required: true, label: 'Motivos da reprovação' },
      danger: true,
      success: 'Certificado REPROVADO com sucesso!',
    },
    approve: {
      label: 'Aprovar e emitir',
      from: ['EM_ANALISE'],
      to: 'EMITIDO',
      permission: 'certificate.analyse',
      confirm: 'Aprovar e emitir o certificado? O número será atribuído agora.',
      success: 'Certificado APROVADO e EMITIDO com sucesso!',
    },
    approve_digital: {
      label: 'Aprovar',
      from: ['EM_ANALISE'],
      to: 'APROVADO',
      permission: 'certificate.analyse',
      confirm: 'Aprovar o certificado? Ele seguirá para a assinatura da entidade.',
      success: 'Certificado APROVADO com sucesso! Aguardando a assinatura da entidade.',
    },
    /**
     * The entity's signature: the COD is complete, and waits for the time-stamping authority's timestamp of its
     * evidence record; `timestamp_issue` follows at once when the authority answers, else from the jobs table.
     */
    second_signature: {
      label: 'Assinar (entidade)',
      from: ['APROVADO'],
      to: 'AGUARDANDO_CARIMBO',
      permission: 'certificate.sign_entity',
      signature: true,
      success: 'Certificado assinado pela entidade e EMITIDO!',
    },
    timestamp_issue: {
      label: 'Carimbo do tempo recebido (emissão)',
      from: ['AGUARDANDO_CARIMBO'],
      to: 'EMITIDO',
      by: 'system',
    },
    solicit_cancellation: {
      label: 'Solicitar cancelamento',
      from: ['EMITIDO'],
      to: 'CANCELAMENTO_SOLICITADO',
      permission: 'certificate.create',
      note: { required: true, label: 'Motivo do cancelamento' },
      success: 'Cancelamento solicitado com sucesso!',
    },
    send_cancellation: {
      label: 'Aprovar cancelamento',
      from: ['CANCELAMENTO_SOLICITADO'],
      to: 'CANCELADO',
      permission: 'certificate.analyse',
      confirm: 'Cancelar o certificado? Esta ação não pode ser desfeita.',
      danger: true,
      success: 'Certificado CANCELADO com sucesso!',
    },
    reprove_cancellation: {
      label: 'Recusar cancelamento',
      from: ['CANCELAMENTO_SOLICITADO'],
      to: 'EMITIDO',
      permission: 'certificate.analyse',
      note: { required: true, label: 'Motivo da recusa' },
      success: 'Solicitação de cancelamento REPROVADA.',
    },
    solicit_substitution: {
      label: 'Solicitar substituição',
      from: ['EMITIDO'],
      to: 'SUBSTITUICAO_SOLICITADA',
      permission: 'certificate.create',
      note: { required: true, label: 'Motivo da substituição' },
      file: { field: 'file', label: 'Carta de substituição (PDF)' },
      success: 'Substituição solicitada com sucesso!',
    },
    send_substitution: {
      label: 'Aprovar substituição',
      from: ['SUBSTITUICAO_SOLICITADA'],
      to: 'SUBSTITUIDO',
      permission: 'certificate.analyse',
      confirm: 'Aprovar a substituição? Um novo rascunho que substitui este certificado será criado.',
      success: 'Substituição APROVADA! O rascunho do certificado substituto foi criado.',
    },
    reprove_substitution: {
      label: 'Recusar substituição',
      from: ['SUBSTITUICAO_SOLICITADA'],
      to: 'EMITIDO',
      permission: 'certificate.analyse',
      note: { required: true, label: 'Motivo da recusa' },
      success: 'Solicitação de substituição REPROVADA.',
    },
  },
});

// ---- dispatcher ↔ exporter link (DOMAIN.md §6) -----------------------------------------------------------------

/** The exporter's or dispatcher's own permission, or the association staff's. */
const LINK_PARTY_OR_STAFF = ['link.request', 'link.analyse'] as const;

/**
 * Either side asks (SOLICITADO); the other side or the association approves or disapproves, or the other side sends
 * it to the association's analysis (EM_ANALISE), after which only the association decides. An approved link is
 * removed in two steps: one side asks (EXCLUSAO_SOLICITADA), the other side or an administrator confirms. Who may
 * take each action on a given link (the other side, not the one who asked…) is decided by the server's guards
 * (apps/api/src/modules/dispatcher-links/service.ts); the permissions here are the first gate.
 */
export const dispatcherLinkFlow = defineFlow({
  name: 'dispatcher_exporter_link',
  noun: 'o vínculo',
  initial: 'SOLICITADO',
  states: {
    SOLICITADO: { label: 'Solicitado', color: 'blue' },
    EM_ANALISE: { label: 'Em análise', color: 'geekblue' },
    APROVADO: { label: 'Aprovado', color: 'green' },
    REPROVADO: { label: 'Reprovado', color: 'red', final: true },
    EXCLUSAO_SOLICITADA: { label: 'Exclusão solicitada', color: 'orange' },
    EXCLUIDO: { label: 'Excluído', color: 'default', final: true },
  },
  actions: {
    approve: {
      label: 'Aprovar',
      from: ['SOLICITADO', 'EM_ANALISE'],
      to: 'APROVADO',
      permission: LINK_PARTY_OR_STAFF,
      confirm: 'Aprovar o vínculo? O despachante passa a ver e a agir pelos registros do exportador.',
      success: 'Solicitação APROVADA com sucesso!',
    },
    analysis: {
      label: 'Enviar para análise da associação',
      from: ['SOLICITADO'],
      to: 'EM_ANALISE',
      permission: LINK_PARTY_OR_STAFF,
      confirm: 'Enviar a solicitação para a análise da associação comercial? A decisão passa a ser dela.',
      success: 'Solicitação enviada para análise com sucesso!',
    },
    disapprove: {
      label: 'Reprovar',
      from: ['SOLICITADO', 'EM_ANALISE'],
      to: 'REPROVADO',
      permission: LINK_PARTY_OR_STAFF,
      note: { required: false, label: 'Motivo da reprovação (opcional)' },
      confirm: 'Reprovar a solicitação de vínculo? Quem pediu será avisado por e-mail.',
      danger: true,
      success: 'Solicitação REPROVADA com sucesso!',
    },
    request_deletion: {
      label: 'Solicitar exclusão',
      from: ['APROVADO'],
      to: 'EXCLUSAO_SOLICITADA',
      permission: 'link.request',
      confirm: 'Solicitar a exclusão deste vínculo? A outra parte precisará confirmar.',
      danger: true,
      // No single text: SPEC §8's 'Solicitação de exclusão enviada para o despachante!' is the exporter's; the
      // dispatcher's names the exporter (dispatcherLinkMessages in schemas/dispatcher-links.ts).
    },
    confirm_deletion: {
      label: 'Confirmar exclusão',
      from: ['EXCLUSAO_SOLICITADA'],
      to: 'EXCLUIDO',
      permission: LINK_PARTY_OR_STAFF,
      confirm:
        'Confirmar a exclusão? O despachante perde o acesso aos registros do exportador imediatamente.',
      danger: true,
      success: 'Solicitação de exclusão APROVADA!',
    },
    remove: {
      label: 'Apagar solicitação',
      from: ['SOLICITADO', 'EM_ANALISE'],
      to: 'EXCLUIDO',
      permission: LINK_PARTY_OR_STAFF,
      confirm: 'Apagar esta solicitação de vínculo?',
      danger: true,
      success: 'Solicitação APAGADA com sucesso!',
    },
    /** The exporter or the dispatcher was deleted: its links end with it (the dispatcher loses access at once). */
    end: {
      label: 'Encerrar (cadastro excluído)',
      from: ['SOLICITADO', 'EM_ANALISE', 'APROVADO', 'EXCLUSAO_SOLICITADA'],
      to: 'EXCLUIDO',
      by: 'system',
    },
  },
});

/**
 * The link states that let the dispatcher read and act on the exporter's records (DOMAIN.md §2): approved, and
 * still approved while a deletion waits for confirmation. Row scope (apps/api/src/lib/scope.ts) reads this list.
 */
export const DISPATCHER_LINK_GRANTING_STATES = [
  'APROVADO',
  'EXCLUSAO_SOLICITADA',
] as const satisfies readonly StateOf<typeof dispatcherLinkFlow>[];

// ---- declaration link: exporter ↔ manufacturer (DOMAIN.md §6) ---------------------------------------------------

export const declarationLinkFlow = defineFlow({
  name: 'declaration_link',
  noun: 'o vínculo de declaração',
  initial: 'PENDENTE',
  states: {
    PENDENTE: { label: 'Pendente', color: 'gold' },
    APROVADO: { label: 'Aprovado', color: 'green' },
    REPROVADO: { label: 'Reprovado', color: 'red', final: true },
  },
  actions: {
    approve: {
      label: 'Aprovar',
      from: ['PENDENTE'],
      to: 'APROVADO',
      permission: 'declaration_link.manage',
      success: 'Vínculo APROVADO com sucesso!',
    },
    reprove: {
      label: 'Reprovar',
      from: ['PENDENTE', 'APROVADO'],
      to: 'REPROVADO',
      permission: 'declaration_link.manage',
      confirm: 'Reprovar este vínculo? O exportador deixa de poder citar as declarações do fabricante.',
      danger: true,
      success: 'Vínculo REPROVADO com sucesso!',
    },
  },
});

/** Every flow by name: the history rows and the web's timeline find their definition here. */
export const FLOWS = {
  [preRegistrationFlow.name]: preRegistrationFlow,
  [declarationFlow.name]: declarationFlow,
  [certificateFlow.name]: certificateFlow,
  [dispatcherLinkFlow.name]: dispatcherLinkFlow,
  [declarationLinkFlow.name]: declarationLinkFlow,
} as const satisfies Record<string, FlowDefinition>;
