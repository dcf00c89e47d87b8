import { Card, Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { formatCep } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';

export const orDash = (text: string | null | undefined) => text || '—';

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
