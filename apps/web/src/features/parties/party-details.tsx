import { DownloadOutlined } from '@ant-design/icons';
import { PERSON_TYPES } from '@origem/contract/schemas/party';
import type { PartyRecord } from '@origem/contract/schemas/party-records';
import { Button, Card, Descriptions, Tag } from 'antd';
import { formatCep, formatDate, formatPhone, formatTaxId } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { downloadSocialContract } from './api/download-social-contract';
import type { PartyKindView } from './party-kind';

const orDash = (text: string | null | undefined) => text || '—';

function addressText(p: PartyRecord): string {
  const street = [p.address, p.number, p.complement].filter(Boolean).join(', ');
  const place = [p.neighborhood, [p.city, p.state].filter(Boolean).join('/')].filter(Boolean).join(', ');
  const cep = p.postcode ? `CEP ${formatCep(p.postcode)}` : '';
  return [street, place, cep].filter(Boolean).join(' — ');
}

/** An exporter or dispatcher shown read-only: its own user, read-only profiles, or a deleted record. */
export function PartyDetails({ view, party }: { view: PartyKindView; party: PartyRecord }) {
  const isPerson = party.person_type_id === 1;
  return (
    <div style={{ maxWidth: 1040 }}>
      <PageHeader
        title={party.name}
        hint={
          party.deleted_at
            ? `Cadastro excluído em ${formatDate(party.deleted_at)}: apenas consulta.`
            : 'Consulta: o seu perfil não permite alterar este cadastro.'
        }
        tags={
          <>
            {party.associated ? <Tag color="blue">Associado</Tag> : null}
            {party.deleted_at ? <Tag color="error">Excluído</Tag> : null}
          </>
        }
        backTo={view.listPath}
      />
      <Card>
        <Descriptions
          title={`Dados do ${view.singular.toLowerCase()}`}
          bordered
          column={{ xs: 1, md: 2 }}
          styles={{ label: { width: 170 } }}
          items={[
            {
              key: 'type',
              label: 'Tipo de pessoa',
              children: PERSON_TYPES[party.person_type_id as 1 | 2] ?? '—',
            },
            {
              key: 'tax',
              label: isPerson ? 'CPF' : 'CNPJ',
              children: formatTaxId(party.cpf ?? party.cnpj, '—'),
            },
            { key: 'name', label: isPerson ? 'Nome' : 'Razão social', children: party.name },
            { key: 'trade', label: 'Nome fantasia', children: orDash(party.trade_name) },
            { key: 'ie', label: 'Inscrição estadual', children: orDash(party.state_registration) },
            { key: 'association', label: 'Associação comercial', children: party.trade_association.name },
            { key: 'email', label: 'E-mail', children: orDash(party.email) },
            { key: 'phone', label: 'Telefone', children: orDash(formatPhone(party.phone)) },
            { key: 'address', label: 'Endereço', children: orDash(addressText(party)), span: 2 },
            {
              key: 'contract',
              label: 'Contrato social',
              span: 2,
              children: party.social_contract ? (
                <Button
                  icon={<DownloadOutlined aria-hidden />}
                  onClick={() => void downloadSocialContract(view, party.id)}
                >
                  Baixar contrato social
                </Button>
              ) : (
                '—'
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
