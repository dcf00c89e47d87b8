import { z } from 'zod';
import { apiErrorSchema } from '../errors';
import { messages } from '../messages.pt';
import { requiredText } from './fields';

/**
 * Signing with a cloud certificate (issue 38): the e-CPF kept by an ICP-Brasil trust service provider (PSC: BirdID,
 * VIDaaS, NeoID…), used through the OAuth 2.0 + PKCE interface DOC-ICP-17.01 §6.4 requires under a `/v0` base. The
 * administrator registers the providers (or the operator lists them in CLOUD_SIGNATURE_PROVIDERS); a signer picks
 * one, approves in the provider's app, and the browser comes back to CLOUD_SIGNATURE_CALLBACK_PATH.
 */

/** Where the provider sends the browser back: APP_URL + this path (register it with the provider). */
export const CLOUD_SIGNATURE_CALLBACK_PATH = '/assinatura-nuvem/retorno';

/** How long a started attempt waits for the holder's answer; a new attempt may start at any time. */
export const CLOUD_ATTEMPT_MINUTES = 10;

// The WHATWG URL exists wherever the contract runs (Node, the browser); its compilation has neither lib, so the
// few members used are declared here.
declare const URL: new (
  input: string,
) => {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
  search: string;
  hash: string;
  pathname: string;
};

/**
 * What is wrong with a provider's base URL, or null: an absolute https address (http only for the hosts listed in
 * CLOUD_SIGNATURE_ALLOW_HTTP), ending at the provider's `/v0` (DOC-ICP-17.01 §6.4.2), without credentials, query or
 * fragment. The server checks it when it reads the setting and when the screen saves a provider.
 */
export function providerUrlProblem(raw: string, allowHttpHosts: readonly string[]): string | null {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'Informe o endereço completo do provedor, como https://provedor.com.br/v0.';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (url.protocol !== 'https:') {
    if (url.protocol !== 'http:') return 'O endereço do provedor deve começar por https://.';
    if (!allowHttpHosts.includes(host)) {
      return `O endereço do provedor deve usar https:// (http só para os hosts de CLOUD_SIGNATURE_ALLOW_HTTP, em testes): ${host}.`;
    }
  }
  if (url.username || url.password) return 'Não inclua usuário e senha no endereço do provedor.';
  if (url.search || url.hash) return 'O endereço do provedor não leva parâmetros (?…) nem fragmento (#…).';
  if (!/\/v0\/?$/.test(url.pathname)) {
    return 'O endereço do provedor deve terminar na versão da API, /v0 (ex.: https://provedor.com.br/v0).';
  }
  return null;
}

/** The base URL as it is stored and used: trimmed, without the trailing slash after `/v0`. */
export const normalizedProviderUrl = (raw: string) => raw.trim().replace(/\/+$/, '');

const providerFields = {
  name: requiredText(80),
  base_url: requiredText(500),
  client_id: requiredText(200),
};

/** A provider registered on the screen; the secret is written, never read back. */
export const cloudProviderCreateSchema = z.object({
  ...providerFields,
  client_secret: requiredText(500),
});
export type CloudProviderCreate = z.infer<typeof cloudProviderCreateSchema>;

/** An edit: a blank secret keeps the one stored. */
export const cloudProviderUpdateSchema = z.object({
  ...providerFields,
  client_secret: z
    .string()
    .trim()
    .max(500, messages.field.tooLong(500))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CloudProviderUpdate = z.infer<typeof cloudProviderUpdateSchema>;

/** Where a provider comes from: the screen (editable) or the operator's CLOUD_SIGNATURE_PROVIDERS (read-only). */
export const CLOUD_PROVIDER_SOURCES = {
  screen: 'Cadastrado nesta tela',
  environment: 'Configuração do servidor (CLOUD_SIGNATURE_PROVIDERS)',
} as const;
export type CloudProviderSource = keyof typeof CLOUD_PROVIDER_SOURCES;

export const cloudProviderSchema = z.object({
  /** What the signing calls name the provider by: `id:<n>` (screen) or `env:<name>` (setting). */
  key: z.string(),
  /** The row's id (screen providers only). */
  id: z.number().nullable(),
  name: z.string(),
  base_url: z.string(),
  client_id: z.string(),
  source: z.enum(['screen', 'environment']),
  updated_at: z.string().nullable(),
});
export type CloudProvider = z.infer<typeof cloudProviderSchema>;

export const cloudProviderListSchema = z.object({
  data: z.array(cloudProviderSchema),
  /** The address to register with every provider as the redirect URI. */
  callback_url: z.string(),
});
export type CloudProviderList = z.infer<typeof cloudProviderListSchema>;

export const cloudProviderSavedSchema = z.object({ provider: cloudProviderSchema, message: z.string() });
export type CloudProviderSaved = z.infer<typeof cloudProviderSavedSchema>;

/** Whether a provider keeps a certificate of the signer's CPF (its user discovery), or could not say. */
export const CLOUD_HOLDER_STATUSES = {
  holder: 'Certificado encontrado para este CPF',
  not_holder: 'Nenhum certificado deste CPF neste provedor',
  unavailable: 'O provedor não respondeu agora',
} as const;
export type CloudHolderStatus = keyof typeof CLOUD_HOLDER_STATUSES;

/** GET …/signature/cloud/{id}: who must sign and, for each provider, whether it keeps their certificate. */
export const cloudDiscoverySchema = z.object({
  signer: z.object({ name: z.string(), cpf: z.string() }),
  providers: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      status: z.enum(['holder', 'not_holder', 'unavailable']),
    }),
  ),
});
export type CloudDiscovery = z.infer<typeof cloudDiscoverySchema>;

/** POST …/signature/cloud/{id}: the provider the holder picked. */
export const cloudStartSchema = z.object({ provider: z.string().trim().min(1).max(200) });
export type CloudStart = z.infer<typeof cloudStartSchema>;

/** Where to send the browser (the provider's authorize page) and until when the attempt waits. */
export const cloudAttemptSchema = z.object({ authorize_url: z.string(), expires_at: z.string() });
export type CloudAttempt = z.infer<typeof cloudAttemptSchema>;

/** What the provider put on the callback address, posted as it came (OAuth's `code`/`state` or `error`). */
export const cloudCallbackSchema = z.object({
  state: z.string().max(200),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});
export type CloudCallback = z.infer<typeof cloudCallbackSchema>;

/** The callback page's search parameters: read leniently, the server judges them. */
export const cloudCallbackSearch = z.object({
  state: z.string().optional().catch(undefined),
  code: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
  error_description: z.string().optional().catch(undefined),
});

/** The signatures a cloud certificate gives: a certificate's first or second, or a declaration's. */
export const CLOUD_PURPOSES = ['certificate_first', 'certificate_second', 'declaration'] as const;
export type CloudPurpose = (typeof CLOUD_PURPOSES)[number];

/** Which record a callback signed (or tried to), and which signature: its screen is where the user goes next. */
export const cloudRecordSchema = z.object({
  document: z.enum(['certificado', 'declaracao']),
  record_id: z.number(),
  purpose: z.enum(CLOUD_PURPOSES),
});
export type CloudRecord = z.infer<typeof cloudRecordSchema>;

export const cloudCallbackResultSchema = cloudRecordSchema.extend({ message: z.string() });
export type CloudCallbackResult = z.infer<typeof cloudCallbackResultSchema>;

/** A refused callback: the error, and the record when the attempt was known (a forged state names none). */
export const cloudCallbackRefusalSchema = apiErrorSchema.extend(cloudRecordSchema.partial().shape);

/** The words of the feature, the same on both sides. */
export const cloudSignatureMessages = {
  created: 'Provedor de assinatura em nuvem cadastrado com sucesso!',
  updated: 'Provedor de assinatura em nuvem alterado com sucesso!',
  deleted: 'Provedor de assinatura em nuvem excluído com sucesso!',
  duplicateName: 'Já existe um provedor com este nome.',
  adminOnly: 'Somente o administrador da plataforma cadastra os provedores de assinatura em nuvem.',
  unknownProvider: 'Este provedor de assinatura em nuvem não está mais cadastrado: escolha outro.',
  noSession: 'A assinatura em nuvem é feita na sua sessão no navegador; um token de API não pode iniciá-la.',
  stateInvalid:
    'O retorno do provedor não corresponde a nenhuma assinatura em nuvem iniciada por você nesta conta. Nada foi alterado: comece a assinatura de novo na tela do documento.',
  attemptUsed:
    'Esta tentativa de assinatura em nuvem já foi usada ou substituída por outra mais nova. Nada foi alterado por este retorno: comece de novo na tela do documento, se ainda for preciso.',
  attemptExpired: `A tentativa de assinatura em nuvem expirou (o titular tem ${CLOUD_ATTEMPT_MINUTES} minutos para autorizar). Nada foi alterado: comece de novo na tela do documento.`,
  holderRefused: (provider: string) =>
    `A assinatura foi recusada no ${provider}. Nada foi alterado: para assinar, comece de novo e autorize no aplicativo do provedor.`,
  providerRefused: (provider: string, error: string) =>
    `O ${provider} não autorizou a assinatura (${error}). Nada foi alterado: comece de novo na tela do documento.`,
  noCode: (provider: string) =>
    `O ${provider} voltou sem o código de autorização. Nada foi alterado: comece de novo na tela do documento.`,
  providerUnavailable: (provider: string) =>
    `O provedor de assinatura em nuvem ${provider} não respondeu a tempo ou está fora do ar. Nada foi alterado: tente de novo em alguns minutos ou use outro meio de assinatura.`,
  providerAnsweredBadly: (provider: string) =>
    `O provedor de assinatura em nuvem ${provider} deu uma resposta que não pôde ser lida. Nada foi alterado: tente de novo ou use outro meio de assinatura.`,
  providerDenied: (provider: string) =>
    `O ${provider} recusou a operação (credenciais da aplicação ou autorização inválidas). Nada foi alterado: avise o administrador da plataforma.`,
  otherIdentity: (provider: string) =>
    `O ${provider} autorizou um CPF que não é o de quem deve assinar. Nada foi alterado.`,
  signatureInvalid: (provider: string) =>
    `A assinatura devolvida pelo ${provider} não confere com o certificado digital informado por ele. Nada foi alterado.`,
  missingCpf: 'O CPF de quem deve assinar não está cadastrado: complete o cadastro antes de assinar.',
} as const;
