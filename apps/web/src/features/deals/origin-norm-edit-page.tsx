import { DEAL_TEXTS, type OriginNorm, originNormInputSchema } from '@origem/contract/schemas/deals';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { Input } from 'antd';
import { decimalText } from '../../ui/decimal-field';
import { DecimalInput } from '../../ui/decimal-input';
import { FormField } from '../../ui/form';
import { NEW_RECORD, RecordEditPage } from '../../ui/record-edit-page';
import { useCreateOriginNorm } from './api/create-origin-norm';
import { useUpdateOriginNorm } from './api/update-origin-norm';
import { DealSelect } from './deal-options';
import { NORMS_PATH } from './deal-paths';
import { originNormKind } from './origin-kinds';
import { OriginRecordForm, useDealIdSearch } from './origin-record-form';
import { ValidityFields } from './origin-validity';

function OriginNormForm({
  norm,
  dealId,
  readOnly,
}: {
  norm?: OriginNorm;
  dealId?: number;
  readOnly: boolean;
}) {
  return (
    <OriginRecordForm
      schema={originNormInputSchema}
      defaultValues={{
        deal_id: norm?.deal_id ?? dealId,
        name: norm?.name ?? '',
        legal_text: norm?.legal_text ?? '',
        non_originating_ceiling_percent: decimalText(
          norm?.non_originating_ceiling_percent,
          DECIMAL_PLACES.percent,
        ),
        valid_from: norm?.valid_from ?? null,
        valid_until: norm?.valid_until ?? null,
      }}
      recordId={norm?.id}
      label={norm ? `Norma ${norm.name}` : 'Nova norma de origem'}
      readOnly={readOnly}
      listPath={NORMS_PATH}
      saved={DEAL_TEXTS.norm}
      create={useCreateOriginNorm()}
      update={useUpdateOriginNorm()}
    >
      <FormField name="deal_id" label="Acordo">
        <DealSelect allowClear={false} />
      </FormField>
      <FormField name="name" label="Nome">
        <Input maxLength={255} autoComplete="off" autoFocus={!norm && !readOnly} />
      </FormField>
      <FormField
        name="legal_text"
        label="Texto legal"
        help="Dispositivo legal impresso nos itens do certificado (ex.: Decisão CMC nº 01/09, Art. 3º)."
      >
        <Input.TextArea rows={6} maxLength={10_000} showCount />
      </FormField>
      <FormField
        name="non_originating_ceiling_percent"
        label="Teto de conteúdo não originário (%)"
        help="O do regime desta norma (ex.: 45 no MERCOSUL desde 18/07/2024); em branco, o do acordo."
      >
        <DecimalInput places={DECIMAL_PLACES.percent} unit="%" />
      </FormField>
      <ValidityFields />
    </OriginRecordForm>
  );
}

/** /normas-origem/$id ('novo' creates; `?deal_id=` preselects the deal). */
export function OriginNormEditPage() {
  const dealId = useDealIdSearch();
  return (
    <RecordEditPage
      kind={originNormKind}
      renderNew={() => <OriginNormForm key={NEW_RECORD} dealId={dealId} readOnly={false} />}
      renderRecord={(norm, readOnly) => <OriginNormForm key={norm.id} norm={norm} readOnly={readOnly} />}
    />
  );
}
