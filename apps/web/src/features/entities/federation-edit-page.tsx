import { messages } from '@origem/contract/messages.pt';
import type { Federation } from '@origem/contract/schemas/entities';
import type { z } from 'zod';
import { federationsApi } from './api/entity-api';
import { DETAILS_LOGO_STYLE, detailItems, orDash } from './entity-details';
import { EntityEditPage } from './entity-edit-page';
import {
  abbreviationField,
  cnpjField,
  emailField,
  half,
  logoField,
  nameField,
  optionField,
  phoneField,
} from './entity-fields';
import { type FederationFormValues, federationDefaults, federationFormSchema } from './entity-form-values';
import { type EntityPageKind, useNoExtras } from './entity-page-kind';
import { FEDERATIONS_PATH } from './entity-paths';
import { withLogoFile } from './form-data';

/** The federation's screen: its logo is public and travels with the record in one multipart save. */
export const federationPage: EntityPageKind<
  Federation,
  FederationFormValues,
  z.output<typeof federationFormSchema>,
  undefined
> = {
  creators: 'federation',
  api: federationsApi,
  listPath: FEDERATIONS_PATH,
  texts: {
    newTitle: 'Nova federação',
    newHint: 'Cadastre uma federação de associações comerciais, com seus dados e sua logo.',
    heading: 'Dados da federação',
    noun: 'a federação',
    deletionNote: 'Esta ação não pode ser desfeita.',
    created: messages.success.federationCreated,
    updated: messages.success.federationUpdated,
    loading: 'Carregando federação',
    forbidden: 'Você não tem permissão para cadastrar federações.',
    back: 'Voltar para as federações',
  },
  hint: (federation) =>
    [federation.abbreviation, federation.confederation?.name].filter(Boolean).join(' · ') || undefined,
  schema: federationFormSchema,
  defaults: federationDefaults,
  body: withLogoFile,
  useExtras: useNoExtras,
  fields: [
    nameField({ xs: 24, md: 16 }),
    abbreviationField({ xs: 24, md: 8 }),
    cnpjField,
    optionField('confederation_id', 'Confederação', '/v2/confederation/all'),
    emailField,
    phoneField('phone', 'Telefone', half),
  ],
  logo: logoField(
    'Logo da federação',
    'Aparece no cabeçalho do Origem para os usuários da federação e nos documentos impressos.',
  ),
  details: (federation) => [
    detailItems.name(federation),
    detailItems.abbreviation(federation),
    detailItems.cnpj(federation),
    { key: 'confederation', label: 'Confederação', children: orDash(federation.confederation?.name) },
    {
      key: 'associations',
      label: 'Associações',
      children: federation.associations_count.toLocaleString('pt-BR'),
    },
    detailItems.email(federation),
    detailItems.phone(federation),
    detailItems.address(federation),
    detailItems.logo(
      federation.logo ? (
        <img src={federation.logo.url} alt={`Logo da ${federation.name}`} style={DETAILS_LOGO_STYLE} />
      ) : (
        '—'
      ),
    ),
  ],
};

/** /federacoes/$id. */
export function FederationEditPage() {
  return <EntityEditPage kind={federationPage} />;
}
