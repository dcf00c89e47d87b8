import type { Declaration } from '@origem/contract/schemas/declarations';
import { Alert, Card, Descriptions, Space, Typography } from 'antd';
import { formatMoney } from '../../ui/format';
import { percentText } from './declaration-sections';

/**
 * The analyst's origin check (issue 12), as the server computes it from the materials: the non-originating CIF
 * value as a share of the FOB value against the deal's ceiling, and whether every non-originating material changes
 * tariff heading (first 4 NCM digits). A hint, never the decision.
 */
export function OriginCheckCard({ declaration }: { declaration: Declaration }) {
  const check = declaration.origin_check;
  const ceiling = (
    <Alert
      type={check.within_ceiling === null ? 'info' : check.within_ceiling ? 'success' : 'warning'}
      showIcon
      title={
        check.within_ceiling === null
          ? 'Sem valor FOB para comparar com o teto.'
          : check.within_ceiling
            ? `Dentro do teto: ${percentText(check.non_originating_share_percent)} de ${percentText(check.ceiling_percent)}`
            : `Acima do teto: ${percentText(check.non_originating_share_percent)} de ${percentText(check.ceiling_percent)}`
      }
      description="Valor CIF dos materiais não originários sobre o valor FOB do produto, contra o teto do acordo."
    />
  );
  const heading = (
    <Alert
      type={check.all_change_heading ? 'success' : 'warning'}
      showIcon
      title={
        check.non_originating_count === 0
          ? 'Nenhum material não originário.'
          : check.all_change_heading
            ? 'Todos os materiais não originários mudam de posição tarifária.'
            : 'Há material não originário na mesma posição tarifária do produto.'
      }
      description="Posição tarifária: os 4 primeiros dígitos do NCM."
    />
  );
  return (
    <Card title="Verificação de origem" role="region" aria-label="Verificação de origem">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {ceiling}
        {heading}
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'fob',
              label: 'Valor FOB (máximo da faixa)',
              children: formatMoney(check.fob_value_usd, 'USD'),
            },
            {
              key: 'cif',
              label: 'CIF não originário',
              children: `${formatMoney(check.non_originating_cif_usd, 'USD')} (${check.non_originating_count} ${check.non_originating_count === 1 ? 'material' : 'materiais'})`,
            },
            {
              key: 'share',
              label: 'Participação',
              children: percentText(check.non_originating_share_percent),
            },
            {
              key: 'ceiling',
              label: `Teto do acordo ${declaration.deal.abbreviation}`,
              children: percentText(check.ceiling_percent),
            },
          ]}
        />
        <Typography.Text type="secondary">
          Indicação para o analista, calculada a partir dos materiais declarados; a decisão é sua.
        </Typography.Text>
      </Space>
    </Card>
  );
}
