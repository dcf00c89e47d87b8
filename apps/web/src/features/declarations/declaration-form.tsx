import type { DeclarationOriginRule } from '@origem/contract/schemas/declarations';
import {
  type Declaration,
  declarationMessages,
  MANUFACTURER_DECLARATION_FILE_NAME,
} from '@origem/contract/schemas/declarations';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Card, Col, Input, Row, Select, Space } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { fetchAll } from '../../api/paging';
import { useSession } from '../../lib/session';
import { DecimalInput } from '../../ui/decimal-input';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { MaskedInput } from '../../ui/masked-input';
import { PdfFileField } from '../../ui/pdf-file-field';
import { RemoteSelect } from '../../ui/remote-select';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import { downloadManufacturerDeclaration } from './api/declaration-documents';
import { DECLARATION_SCREENS } from './api/keys';
import {
  DEAL_OPTIONS_PATH,
  type DealOption,
  dealOption,
  exporterSource,
  manufacturerCompanySource,
  type NamedOption,
  namedOption,
  originNormsPath,
  originRulesPath,
  representativeSource,
  ruleOption,
} from './api/options';
import { useSaveDeclaration } from './api/save-declaration';
import { declarationBody, declarationDefaults, declarationFormSchema } from './declaration-form-values';
import { picksExporter } from './declaration-rules';
import { MaterialsEditor } from './materials-editor';
import { NcmCheck } from './ncm-check';

const half = { xs: 24, md: 12 };
const third = { xs: 24, md: 8 };

/** The deals for the select, shared with the NCM check (which needs the deal's nomenclature). */
function useDeals() {
  return useQuery({
    queryKey: ['options', DEAL_OPTIONS_PATH],
    queryFn: () => fetchAll<DealOption>(DEAL_OPTIONS_PATH),
    staleTime: 5 * 60_000,
  });
}

/**
 * The declaration's edit form (create without `declaration`): header, materials and the manufacturer's signed
 * declaration, saved in one multipart call. A new declaration opens on its own page afterwards, where it can be
 * sent for analysis.
 */
export function DeclarationForm({
  declaration,
  onDirtyChange,
}: {
  declaration?: Declaration;
  /** Told when the form gets (or loses) unsaved changes: the flow's buttons wait for a save. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const navigate = useNavigate();
  const { user } = useSession();
  const staff = picksExporter(user);
  const save = useSaveDeclaration();
  const schema = useMemo(() => declarationFormSchema(staff), [staff]);
  const form = useApiForm({
    schema,
    defaultValues: declarationDefaults(declaration),
    onSubmit: async (values) => {
      const saved = await save.mutateAsync({ id: declaration?.id, body: declarationBody(values) });
      void notifySuccess(declaration ? declarationMessages.updated : declarationMessages.created);
      if (!declaration) {
        form.reset(form.getValues());
        await navigate({ to: DECLARATION_SCREENS.edit(saved.id) });
      }
    },
  });

  const { control, setValue } = form;
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const [exporterId, dealId, ncm] = useWatch({ control, name: ['exporter_id', 'deal_id', 'ncm'] }) as [
    number | null | undefined,
    number | undefined,
    string | undefined,
  ];
  const deals = useDeals();
  const deal = deals.data?.find((d) => d.id === Number(dealId));

  // Another deal has other criteria and norms: the chosen ones go.
  const previousDeal = useRef(dealId);
  useEffect(() => {
    if (previousDeal.current !== dealId && previousDeal.current !== undefined) {
      setValue('origin_rule_id', undefined as never);
      setValue('origin_norm_id', undefined as never);
    }
    previousDeal.current = dealId;
  }, [dealId, setValue]);

  const representatives = useMemo(
    () => representativeSource(staff ? (exporterId ?? undefined) : undefined),
    [staff, exporterId],
  );

  return (
    <ApiForm form={form} label="Dados da declaração">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card title="Produto e partes">
          <Row gutter={16}>
            {staff ? (
              <Col span={24}>
                <FormField name="exporter_id" label="Exportador" required>
                  <TypeAheadSelect
                    {...exporterSource}
                    selected={
                      declaration
                        ? { value: declaration.exporter_id, label: declaration.exporter.name }
                        : null
                    }
                  />
                </FormField>
              </Col>
            ) : null}
            <Col {...half}>
              <FormField
                name="company_manufacturer_id"
                label="Fabricante"
                help="Empresa fabricante (tipo 2) do cadastro do exportador."
              >
                <TypeAheadSelect
                  {...manufacturerCompanySource}
                  selected={
                    declaration
                      ? {
                          value: declaration.company_manufacturer_id,
                          label: declaration.company_manufacturer.corporate_name,
                        }
                      : null
                  }
                />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="legal_representative_id" label="Responsável legal">
                <TypeAheadSelect
                  {...representatives}
                  selected={
                    declaration
                      ? {
                          value: declaration.legal_representative_id,
                          label: declaration.legal_representative.name,
                        }
                      : null
                  }
                />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="product_name" label="Nome do produto">
                <Input maxLength={255} autoComplete="off" />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="internal_product_code" label="Código interno do produto">
                <Input maxLength={60} autoComplete="off" />
              </FormField>
            </Col>
            <Col span={24}>
              <FormField name="production_process" label="Processo produtivo">
                <Input.TextArea rows={3} maxLength={4000} showCount />
              </FormField>
            </Col>
          </Row>
        </Card>

        <Card title="Acordo e classificação">
          <Row gutter={16}>
            <Col {...third}>
              <FormField name="deal_id" label="Acordo">
                <RemoteSelect<DealOption> path={DEAL_OPTIONS_PATH} toOption={dealOption} />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="origin_rule_id" label="Critério de origem">
                {dealId ? (
                  <RemoteSelect<DeclarationOriginRule>
                    key={`rule-${dealId}`}
                    path={originRulesPath(Number(dealId))}
                    toOption={ruleOption}
                  />
                ) : (
                  <Select disabled placeholder="Escolha antes o acordo" />
                )}
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="origin_norm_id" label="Norma de origem">
                {dealId ? (
                  <RemoteSelect<NamedOption>
                    key={`norm-${dealId}`}
                    path={originNormsPath(Number(dealId))}
                    toOption={namedOption}
                  />
                ) : (
                  <Select disabled placeholder="Escolha antes o acordo" />
                )}
              </FormField>
            </Col>
            <Col {...half}>
              <FormField
                name="ncm"
                label="NCM"
                extra={<NcmCheck value={ncm} classificationType={deal?.classification_type} />}
              >
                <MaskedInput mask="ncm" />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField
                name="nomenclature_code"
                label={deal ? `Código no acordo (${deal.classification_type})` : 'Código no acordo'}
                help="Em branco, vem da lista de classificação do acordo."
              >
                <Input maxLength={12} autoComplete="off" />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="fob_unit_value_min" label="Valor FOB unitário mínimo (US$)">
                <DecimalInput places={DECIMAL_PLACES.money} currency="US$" />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="fob_unit_value_max" label="Valor FOB unitário máximo (US$)">
                <DecimalInput places={DECIMAL_PLACES.money} currency="US$" />
              </FormField>
            </Col>
          </Row>
        </Card>

        <Card title="Materiais">
          <MaterialsEditor />
        </Card>

        <Card title="Declaração do fabricante (opcional)">
          <FormField
            name="manufacturer_declaration"
            label="Declaração assinada pelo fabricante"
            help="PDF de até 10 MB."
          >
            <PdfFileField
              pickLabel="Selecionar declaração (PDF)"
              current={declaration?.manufacturer_declaration ?? null}
              downloadName={MANUFACTURER_DECLARATION_FILE_NAME}
              downloadLabel="Baixar declaração do fabricante"
              onDownload={
                declaration ? () => void downloadManufacturerDeclaration(declaration.id) : undefined
              }
            />
          </FormField>
        </Card>
        <FormActions onCancel={() => void navigate({ to: DECLARATION_SCREENS.list })} />
      </Space>
    </ApiForm>
  );
}
