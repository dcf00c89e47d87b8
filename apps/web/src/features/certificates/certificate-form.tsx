import {
  CERTIFICATE_FILE_NAMES,
  type Certificate,
  certificateMessages,
} from '@origem/contract/schemas/certificates';
import { isWeightUnit } from '@origem/contract/schemas/lookups';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Card, Col, Divider, Input, Row, Space, Switch, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useSession } from '../../lib/session';
import { AfterFirstPaint } from '../../ui/after-first-paint';
import { confirmAction } from '../../ui/confirm-dialog';
import { DateInput } from '../../ui/date-input';
import { DecimalInput } from '../../ui/decimal-input';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { PdfFileField } from '../../ui/pdf-file-field';
import type { SelectOption } from '../../ui/remote-select';
import { RemoteSelect } from '../../ui/remote-select';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import { DealSelect, useDealOption } from '../deals/deal-options';
import { downloadCertificateFile } from './api/documents';
import { certificatesWithInvoice } from './api/invoice-in-use';
import { CERTIFICATE_SCREENS, NCM_DESCRIPTION_FIELD } from './api/keys';
import {
  COMPANY_TYPES,
  type CompanyOption,
  codedOption,
  companySource,
  exporterSource,
  legalRepresentativeSource,
  type NamedOption,
  namedOption,
  OPTION_PATHS,
} from './api/options';
import { useSaveCertificate } from './api/save-certificate';
import { certificateBody, certificateDefaults, certificateFormSchema } from './certificate-form-values';
import { CertificateItemsEditor } from './certificate-items-editor';

const half = { xs: 24, md: 12 };
const third = { xs: 24, md: 8 };

const EXPORTER_BOUND = [
  'legal_representative_id',
  'company_importer_id',
  'company_intervenor_id',
  'company_manufacturer_id',
] as const;

/** Weight fields offer weight units (KG, T…), read from the unit's code. */
const weightUnit = (row: { code?: string }) => isWeightUnit(row.code);

/**
 * Saving under an invoice number another of the exporter's certificates already has asks first (issue 22: three
 * drafts were saved twice by accident). Asked when the number is new to this certificate, not on every save.
 */
async function confirmInvoice(
  invoice: string,
  exporterId: number | null,
  certificate: Certificate | undefined,
): Promise<boolean> {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  if (certificate && same(certificate.invoice_number, invoice) && certificate.exporter_id === exporterId)
    return true;
  const others = await certificatesWithInvoice({
    invoice_number: invoice,
    exporter_id: exporterId,
    except_id: certificate?.id,
  });
  if (others.length === 0) return true;
  return confirmAction({
    title: certificateMessages.invoiceInUse(
      invoice.trim(),
      others.map((other) => other.certificate_number ?? `rascunho nº ${other.id}`),
    ),
    okText: 'Salvar mesmo assim',
    cancelText: 'Voltar ao formulário',
  });
}

const companyOption = (company: { id: number; corporate_name: string } | null): SelectOption | null =>
  company ? { value: company.id, label: company.corporate_name } : null;

/**
 * Create (no `certificate`) or edit form of a draft or reproved certificate: header, items citing declarations,
 * the invoice PDFs. An exporter's user always writes for its own exporter; dispatchers and staff pick it.
 */
export function CertificateForm({ certificate }: { certificate?: Certificate }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const ownExporter = user?.role.type === 'exportador' ? (user.exporter?.id ?? null) : null;
  const picksExporter = ownExporter === null;
  const schema = useMemo(() => certificateFormSchema(picksExporter), [picksExporter]);
  const save = useSaveCertificate();

  const form = useApiForm({
    schema,
    defaultValues: certificateDefaults(certificate, ownExporter),
    onSubmit: async (values) => {
      const exporter = ownExporter ?? (typeof values.exporter_id === 'number' ? values.exporter_id : null);
      if (!(await confirmInvoice(values.invoice_number, exporter, certificate))) return false;
      const saved = await save.mutateAsync({ id: certificate?.id, body: certificateBody(values) });
      void notifySuccess(certificate ? certificateMessages.updated : certificateMessages.created);
      if (!certificate) {
        form.reset(form.getValues());
        await navigate({ to: CERTIFICATE_SCREENS.edit(saved.id) });
      }
    },
  });
  const watched = useWatch({
    control: form.control,
    name: ['exporter_id', 'deal_id', 'company_intervenor_id'],
  });
  const exporterId = ownExporter ?? (typeof watched[0] === 'number' ? watched[0] : null);
  const dealId = typeof watched[1] === 'number' ? watched[1] : null;
  const hasIntervenor = watched[2] !== null && watched[2] !== undefined;
  // Digital only under a deal that exchanges COD (issue 36): the switch is not offered otherwise.
  const deal = useDealOption(dealId);
  const digitalOffered = deal?.accepts_digital === true;
  const { setValue, getValues } = form;
  useEffect(() => {
    if (deal && !deal.accepts_digital && getValues('has_digital_signature')) {
      setValue('has_digital_signature', false, { shouldDirty: true });
    }
  }, [deal, getValues, setValue]);
  const representatives = useMemo(() => legalRepresentativeSource(exporterId), [exporterId]);
  // Until the exporter is chosen there is no book to pick from (an exporter's own form always has it).
  const ofExporter = exporterId === null ? { disabled: true, placeholder: 'Escolha antes o exportador' } : {};
  // The print error's "Editar Certificado" (SPEC §8) lands here with ?campo=descricao-ncm: the first item's NCM
  // description takes the focus (scrolled into view), where the missing text is written.
  const { campo } = useSearch({ strict: false }) as { campo?: string };
  const { setFocus } = form;
  useEffect(() => {
    if (campo !== NCM_DESCRIPTION_FIELD || !certificate?.items.length) return;
    const index = Math.max(
      0,
      certificate.items.findIndex((item) => !(item.ncm_description || item.reference_description)),
    );
    // After the fields are mounted and registered.
    const timer = window.setTimeout(() =>
      setFocus(`items.${index}.ncm_description`, { shouldSelect: false }),
    );
    return () => window.clearTimeout(timer);
  }, [campo, certificate, setFocus]);
  // The representative and the companies come from one exporter's book: picking another exporter clears them.
  const shownExporter = useRef(exporterId);
  useEffect(() => {
    if (shownExporter.current === exporterId) return;
    shownExporter.current = exporterId;
    for (const field of EXPORTER_BOUND) form.setValue(field, null);
  }, [exporterId, form]);

  return (
    <ApiForm form={form} label="Dados do certificado">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card title="Partes" size="small">
          <Row gutter={16}>
            {picksExporter ? (
              <Col span={24}>
                <FormField name="exporter_id" label="Exportador">
                  <TypeAheadSelect<NamedOption>
                    {...exporterSource}
                    selected={
                      certificate
                        ? { value: certificate.exporter.id, label: certificate.exporter.name }
                        : null
                    }
                  />
                </FormField>
              </Col>
            ) : null}
            <Col {...half}>
              <FormField name="legal_representative_id" label="Responsável legal">
                <TypeAheadSelect<NamedOption>
                  {...representatives}
                  {...ofExporter}
                  selected={certificate ? namedOption(certificate.legal_representative) : null}
                />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="company_importer_id" label="Importador">
                <TypeAheadSelect<CompanyOption>
                  {...companySource(COMPANY_TYPES.importer, exporterId)}
                  {...ofExporter}
                  selected={companyOption(certificate?.company_importer ?? null)}
                />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="company_intervenor_id" label="Interveniente (operador de terceiro país)">
                <TypeAheadSelect<CompanyOption>
                  {...companySource(COMPANY_TYPES.intervenor, exporterId)}
                  {...ofExporter}
                  selected={companyOption(certificate?.company_intervenor ?? null)}
                />
              </FormField>
            </Col>
            <Col {...half}>
              <FormField name="company_manufacturer_id" label="Fabricante">
                <TypeAheadSelect<CompanyOption>
                  {...companySource(COMPANY_TYPES.manufacturer, exporterId)}
                  {...ofExporter}
                  selected={companyOption(certificate?.company_manufacturer ?? null)}
                />
              </FormField>
            </Col>
          </Row>
        </Card>

        <Card title="Acordo e fatura comercial" size="small">
          <Row gutter={16}>
            <Col {...third}>
              <FormField name="deal_id" label="Acordo">
                <DealSelect />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="invoice_number" label="Nº da fatura comercial">
                <Input maxLength={60} autoComplete="off" />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField
                name="invoice_date"
                label="Data da fatura"
                help="Até 180 dias antes da emissão do certificado."
              >
                <DateInput />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="language_id" label="Idioma">
                <RemoteSelect path={OPTION_PATHS.language} toOption={codedOption} />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="currency_id" label="Moeda">
                <RemoteSelect path={OPTION_PATHS.currency} toOption={codedOption} />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="sector_id" label="Setor">
                <RemoteSelect path={OPTION_PATHS.sector} toOption={namedOption} />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="shipment_port_id" label="Porto de embarque">
                <RemoteSelect path={OPTION_PATHS.shipmentPort} toOption={namedOption} />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="transport_id" label="Meio de transporte">
                <RemoteSelect path={OPTION_PATHS.transport} toOption={namedOption} />
              </FormField>
            </Col>
            <Col {...third}>
              {digitalOffered ? (
                <FormField
                  name="has_digital_signature"
                  label="Assinatura digital"
                  valuePropName="checked"
                  help="Ligado: o responsável legal assina com certificado A1/A3 antes da análise."
                >
                  <Switch />
                </FormField>
              ) : (
                <DigitalNotOffered deal={deal?.abbreviation ?? null} />
              )}
            </Col>
          </Row>
          <Divider titlePlacement="start" plain>
            Pesos e volume totais
          </Divider>
          <Row gutter={16}>
            <Col {...third}>
              <FormField name="gross_weight" label="Peso bruto">
                <DecimalInput places={DECIMAL_PLACES.quantity} />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="net_weight" label="Peso líquido">
                <DecimalInput places={DECIMAL_PLACES.quantity} />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="volume" label="Volume">
                <DecimalInput places={DECIMAL_PLACES.quantity} />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="measurement_unit_gross_weight_id" label="Unidade do peso bruto">
                <RemoteSelect path={OPTION_PATHS.measurementUnit} toOption={codedOption} only={weightUnit} />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="measurement_unit_net_weight_id" label="Unidade do peso líquido">
                <RemoteSelect path={OPTION_PATHS.measurementUnit} toOption={codedOption} only={weightUnit} />
              </FormField>
            </Col>
            <Col {...third}>
              <FormField name="measurement_unit_volume_id" label="Unidade do volume">
                <RemoteSelect path={OPTION_PATHS.measurementUnit} toOption={codedOption} />
              </FormField>
            </Col>
            <Col span={24}>
              <FormField name="observations" label="Observações">
                <Input.TextArea rows={3} maxLength={4000} />
              </FormField>
            </Col>
          </Row>
        </Card>

        {/* Items and attachments are below the fold: rendered just after the first paint (issue 39), except when the
            print error's link comes to focus an item's field. */}
        <Card title="Itens" size="small">
          <AfterFirstPaint
            minHeight={240}
            label="Itens: carregando"
            immediate={campo === NCM_DESCRIPTION_FIELD}
          >
            <CertificateItemsEditor
              exporterId={exporterId}
              dealId={dealId}
              stored={certificate?.items}
              picksExporter={picksExporter}
            />
          </AfterFirstPaint>
        </Card>

        <Card title="Anexos" size="small">
          <AfterFirstPaint minHeight={110} label="Anexos: carregando">
            <Row gutter={16}>
              <Col {...half}>
                <FormField
                  name="commercial_invoice"
                  label="Fatura comercial"
                  help="PDF de até 10 MB; obrigatória para enviar à análise."
                >
                  <PdfFileField
                    pickLabel="Selecionar fatura comercial (PDF)"
                    current={certificate?.commercial_invoice ?? null}
                    downloadName={CERTIFICATE_FILE_NAMES.commercial_invoice}
                    downloadLabel="Baixar fatura comercial"
                    removable={false}
                    onDownload={
                      certificate
                        ? () => void downloadCertificateFile(certificate.id, 'commercial_invoice')
                        : undefined
                    }
                  />
                </FormField>
              </Col>
              <Col {...half}>
                <FormField
                  name="intervenor_invoice"
                  label="Fatura comercial do interveniente"
                  help={
                    hasIntervenor ? 'Obrigatória: o certificado tem interveniente.' : 'Só com interveniente.'
                  }
                >
                  <PdfFileField
                    pickLabel="Selecionar fatura do interveniente (PDF)"
                    current={certificate?.intervenor_invoice ?? null}
                    downloadName={CERTIFICATE_FILE_NAMES.intervenor_invoice}
                    downloadLabel="Baixar fatura comercial do interveniente"
                    removable={false}
                    onDownload={
                      certificate
                        ? () => void downloadCertificateFile(certificate.id, 'intervenor_invoice')
                        : undefined
                    }
                  />
                </FormField>
              </Col>
            </Row>
          </AfterFirstPaint>
        </Card>
        <FormActions
          submitLabel={certificate ? 'Salvar' : 'Criar rascunho'}
          onCancel={() => void navigate({ to: CERTIFICATE_SCREENS.list })}
          cancelLabel="Voltar"
        />
      </Space>
    </ApiForm>
  );
}

/** In place of the switch: why this certificate can only be on paper. */
function DigitalNotOffered({ deal }: { deal: string | null }) {
  return (
    <div className="ant-form-item" data-testid="digital-not-offered">
      <Typography.Text strong>Assinatura digital</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {deal
          ? `O acordo ${deal} não troca certificado de origem digital (COD): este certificado é em papel.`
          : 'Escolha o acordo: a assinatura digital só existe nos acordos que trocam COD.'}
      </Typography.Paragraph>
    </div>
  );
}
