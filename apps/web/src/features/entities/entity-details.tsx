import { Card, Descriptions, type DescriptionsProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { formatCep, formatCnpj, formatPhone } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';

export const orDash = (text: string | null | undefined) => text || '—';

type DescriptionItem = NonNullable<DescriptionsProps['items']>[number];
type Address = Parameters<typeof addressText>[0];

/** The saved logo in a read-only view. */
export const DETAILS_LOGO_STYLE: CSSProperties = { maxHeight: 80, maxWidth: 240, objectFit: 'contain' };

/** The rows every entity's read-only view has; the kinds place them among their own. */
export const detailItems = {
  name: (entity: { name: string }): DescriptionItem => ({
    key: 'name',
    label: 'Nome',
    children: entity.name,
    span: 2,
  }),
  abbreviation: (entity: { abbreviation: string | null }): DescriptionItem => ({
    key: 'abbreviation',
    label: 'Sigla',
    children: orDash(entity.abbreviation),
  }),
  cnpj: (entity: { cnpj: string | null }): DescriptionItem => ({
    key: 'cnpj',
    label: 'CNPJ',
    children: orDash(entity.cnpj && formatCnpj(entity.cnpj)),
  }),
  email: (entity: { email: string | null }): DescriptionItem => ({
    key: 'email',
    label: 'E-mail',
    children: orDash(entity.email),
  }),
  phone: (entity: { phone: string | null }): DescriptionItem => ({
    key: 'phone',
    label: 'Telefone',
    children: orDash(formatPhone(entity.phone)),
  }),
  address: (entity: Address): DescriptionItem => ({
    key: 'address',
    label: 'Endereço',
    children: orDash(addressText(entity)),
    span: 2,
  }),
  logo: (children: ReactNode): DescriptionItem => ({ key: 'logo', label: 'Logo', span: 2, children }),
};

/** 'Rua Boa Vista, 51 — Centro, São Paulo/SP, CEP 01014-911' from the address columns. */
export function addressText(entity: {
  address: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
}): string {
  const street = [entity.address, entity.number, entity.complement].filter(Boolean).join(', ');
  const place = [entity.neighborhood, [entity.city, entity.state].filter(Boolean).join('/')]
    .filter(Boolean)
    .join(', ');
  const cep = entity.postcode ? `CEP ${formatCep(entity.postcode)}` : '';
  return [street, place, cep].filter(Boolean).join(' — ');
}

/** An entity shown read-only, for who may see it but not change it. */
export function EntityDetails({
  title,
  hint,
  backTo,
  heading,
  items,
  children,
}: {
  title: string;
  hint?: string;
  backTo: string;
  heading: string;
  items: DescriptionsProps['items'];
  children?: ReactNode;
}) {
  return (
    <div style={{ maxWidth: 1040 }}>
      <PageHeader
        title={title}
        hint={hint ?? 'Consulta: o seu perfil não permite alterar este cadastro.'}
        backTo={backTo}
      />
      <Card>
        <Descriptions
          title={heading}
          bordered
          column={{ xs: 1, md: 2 }}
          items={items}
          styles={{ label: { width: 170 } }}
        />
        {children}
      </Card>
    </div>
  );
}
