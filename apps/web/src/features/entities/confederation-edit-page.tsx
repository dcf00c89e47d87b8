import { messages } from '@origem/contract/messages.pt';
import type { Confederation } from '@origem/contract/schemas/entities';
import { Input } from 'antd';
import type { z } from 'zod';
import { formatPhone } from '../../ui/format';
import { confederationsApi } from './api/entity-api';
import { useProtectedImage } from './api/get-protected-image';
import { ConfederationImageField } from './confederation-image-field';
import { DETAILS_LOGO_STYLE, detailItems, orDash } from './entity-details';
import { EntityEditPage } from './entity-edit-page';
import {
  abbreviationField,
  cnpjField,
  emailField,
  nameField,
  optionField,
  phoneField,
  third,
} from './entity-fields';
import {
  type ConfederationFormValues,
  confederationDefaults,
  confederationFormSchema,
} from './entity-form-values';
import type { EntityOption } from './entity-option';
import { type EntityPageKind, useNoExtras } from './entity-page-kind';
import { CONFEDERATIONS_PATH } from './entity-paths';
import { toFormData } from './form-data';

const countryOption = (country: EntityOption) => ({ value: country.id, label: country.name });

function ConfederationLogo({ confederation }: { confederation: Confederation }) {
  const image = useProtectedImage(confederation.confederation_image?.url ?? null);
  if (!image.src) return <>—</>;
  return <img src={image.src} alt={`Logo da ${confederation.name}`} style={DETAILS_LOGO_STYLE} />;
}

/**
 * The confederation's screen: created as JSON (SPEC §7), edited as a multipart PUT; its image is uploaded on its
 * own first and the save refers to it.
 */
export const confederationPage: EntityPageKind<
  Confederation,
  ConfederationFormValues,
  z.output<typeof confederationFormSchema>,
  undefined
> = {
  creators: 'confederation',
  api: confederationsApi,
  listPath: CONFEDERATIONS_PATH,
  texts: {
    newTitle: 'Nova confederação',
    newHint: 'Cadastre uma confederação, com seus dados de contato e sua logo.',
    heading: 'Dados da confederação',
    noun: 'a confederação',
    deletionNote: 'Esta ação não pode ser desfeita.',
    created: messages.success.confederationCreated,
    updated: messages.success.confederationUpdated,
    loading: 'Carregando confederação',
    forbidden: 'Você não tem permissão para cadastrar confederações.',
    back: 'Voltar para as confederações',
  },
  hint: (confederation) =>
    [
      confederation.abbreviation,
      confederation.confederation_code && `Código ${confederation.confederation_code}`,
    ]
      .filter(Boolean)
      .join(' · ') || undefined,
  schema: confederationFormSchema,
  defaults: confederationDefaults,
  body: (values, editing) => ({ body: editing ? toFormData(values) : values, withLogo: false }),
  useExtras: useNoExtras,
  fields: [
    nameField({ xs: 24, md: 16 }),
    abbreviationField({ xs: 24, md: 4 }),
    {
      name: 'confederation_code',
      label: 'Código',
      col: { xs: 24, md: 4 },
      input: () => <Input maxLength={20} autoComplete="off" />,
    },
    cnpjField,
    emailField,
    phoneField('phone', 'Telefone', third),
    phoneField('fax', 'Fax', third),
    {
      name: 'url',
      label: 'Site',
      col: third,
      input: () => <Input maxLength={255} autoComplete="off" placeholder="https://www.exemplo.org.br" />,
    },
  ],
  addressFields: [optionField('country_id', 'País', '/v1/country/all', countryOption)],
  logo: {
    name: 'confederation_image',
    label: 'Logo da confederação',
    input: (confederation) => (
      <ConfederationImageField
        currentUrl={confederation?.confederation_image?.url ?? null}
        alt={confederation ? `Logo da ${confederation.name}` : 'Logo da confederação'}
      />
    ),
  },
  details: (confederation) => [
    detailItems.name(confederation),
    detailItems.abbreviation(confederation),
    { key: 'code', label: 'Código', children: orDash(confederation.confederation_code) },
    detailItems.cnpj(confederation),
    detailItems.email(confederation),
    detailItems.phone(confederation),
    { key: 'fax', label: 'Fax', children: orDash(formatPhone(confederation.fax)) },
    {
      key: 'url',
      label: 'Site',
      children: confederation.url ? (
        <a href={confederation.url} target="_blank" rel="noreferrer noopener">
          {confederation.url}
        </a>
      ) : (
        '—'
      ),
    },
    { key: 'country', label: 'País', children: orDash(confederation.country?.name) },
    detailItems.address(confederation),
    detailItems.logo(<ConfederationLogo confederation={confederation} />),
  ],
};

/** /confederacao/$id. */
export function ConfederationEditPage() {
  return <EntityEditPage kind={confederationPage} />;
}
