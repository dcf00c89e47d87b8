import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { DOWNLOAD_NAMES } from '@origem/contract/schemas/files';
import {
  type LegalRepresentative,
  legalRepresentativeMessages,
} from '@origem/contract/schemas/legal-representatives';
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Col, Divider, Input, Row, Space } from 'antd';
import { useMemo } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { ContactFields } from '../../ui/contact-fields';
import { DateInput } from '../../ui/date-input';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { MaskedInput } from '../../ui/masked-input';
import { PageHeader } from '../../ui/page-header';
import { PdfFileField } from '../../ui/pdf-file-field';
import { RemoteSelect } from '../../ui/remote-select';
import { TypeAheadSelect } from '../../ui/type-ahead-select';
import { useDeleteLegalRepresentative } from './api/delete-legal-representative';
import { downloadProcuration } from './api/download-procuration';
import {
  type ExporterOption,
  exporterSource,
  JOB_POSITION_OPTIONS_PATH,
  type NamedOption,
  namedOption,
} from './api/options';
import { useSaveLegalRepresentative } from './api/save-legal-representative';
import {
  legalRepresentativeBody,
  legalRepresentativeDefaults,
  legalRepresentativeFormSchema,
} from './legal-representative-form-values';
import { mayPickExporter } from './legal-representative-rules';
import { ProcurationState } from './procuration-state';

export const LEGAL_REPRESENTATIVES_SCREEN = '/responsavel-legal';

const half = { xs: 24, md: 12 };

/** Header buttons of a stored representative: download its procuration; delete it (with confirmation). */
export function RepresentativeActions({
  representative,
  onDelete,
}: {
  representative: LegalRepresentative;
  onDelete?: () => void;
}) {
  return (
    <Space wrap>
      {representative.has_procuration ? (
        <Button
          icon={<DownloadOutlined aria-hidden />}
          onClick={() => void downloadProcuration(representative.id)}
        >
          Baixar procuração
        </Button>
      ) : null}
      {onDelete ? (
        <Button danger icon={<DeleteOutlined aria-hidden />} onClick={onDelete}>
          Excluir
        </Button>
      ) : null}
    </Space>
  );
}

/** Asks, deletes, tells: shared by the list's row action and the edit screen. */
export function useRemoveRepresentative() {
  const removal = useDeleteLegalRepresentative();
  return (target: { id: number; name: string }): Promise<boolean> =>
    confirmDeletion(
      {
        title: `Excluir o responsável legal ${target.name}?`,
        content: 'Ele deixará de aparecer nas listas e não poderá mais assinar declarações e certificados.',
      },
      async () => (await removal.mutateAsync(target.id)).message,
    );
}

/**
 * Create (no `representative`) or edit form. Staff choose the exporter; an exporter's user always adds to its own.
 * The procuration PDF and its validity date go with the record in one multipart save.
 */
export function LegalRepresentativeForm({ representative }: { representative?: LegalRepresentative }) {
  const navigate = useNavigate();
  const session = useSession();
  // Staff pick the exporter (when they may read exporters); an exporter's user always adds to its own.
  const staff = mayPickExporter(session);
  const save = useSaveLegalRepresentative();
  const removeRepresentative = useRemoveRepresentative();
  const schema = useMemo(() => legalRepresentativeFormSchema(staff), [staff]);
  const back = () => navigate({ to: LEGAL_REPRESENTATIVES_SCREEN });

  const form = useApiForm({
    schema,
    defaultValues: legalRepresentativeDefaults(representative),
    onSubmit: async (values) => {
      await save.mutateAsync({ id: representative?.id, body: legalRepresentativeBody(values) });
      void notifySuccess(
        representative ? legalRepresentativeMessages.updated : legalRepresentativeMessages.created,
      );
      await back();
    },
  });

  const remove = async (target: LegalRepresentative) => {
    if (!(await removeRepresentative(target))) return;
    form.reset(form.getValues());
    await back();
  };

  return (
    <div style={{ maxWidth: 1040 }}>
      <PageHeader
        title={representative ? representative.name : 'Novo responsável legal'}
        hint={
          representative
            ? [representative.job_position?.name, representative.exporter.name].filter(Boolean).join(' · ')
            : 'Cadastre quem assina pelo exportador, com a procuração e a data até a qual ela vale.'
        }
        tags={representative ? <ProcurationState representative={representative} /> : undefined}
        backTo={LEGAL_REPRESENTATIVES_SCREEN}
        extra={
          representative ? (
            <RepresentativeActions
              representative={representative}
              onDelete={() => void remove(representative).catch(ignoreShownError)}
            />
          ) : undefined
        }
      />
      <Card>
        <ApiForm form={form} label="Dados do responsável legal">
          <Row gutter={16}>
            {staff ? (
              <Col span={24}>
                <FormField name="exporter_id" label="Exportador">
                  <TypeAheadSelect<ExporterOption>
                    {...exporterSource}
                    selected={representative ? namedOption(representative.exporter) : null}
                  />
                </FormField>
              </Col>
            ) : null}
            <Col xs={24} md={16}>
              <FormField name="name" label="Nome">
                <Input maxLength={255} autoComplete="off" autoFocus={!representative} />
              </FormField>
            </Col>
            <Col xs={24} md={8}>
              <FormField name="cpf" label="CPF">
                <MaskedInput mask="cpf" />
              </FormField>
            </Col>
            <ContactFields col={half} />
            <Col {...half}>
              <FormField name="job_position_id" label="Cargo">
                <RemoteSelect<NamedOption> path={JOB_POSITION_OPTIONS_PATH} toOption={namedOption} />
              </FormField>
            </Col>
          </Row>
          <Divider titlePlacement="start">Procuração</Divider>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <FormField
                name="procuration_valid_until"
                label="Validade da procuração"
                help="Uma data já passada é aceita, e a procuração aparece como vencida."
              >
                <DateInput />
              </FormField>
            </Col>
            <Col xs={24} md={16}>
              <FormField name="procuration" label="Arquivo da procuração" help="PDF de até 10 MB.">
                <PdfFileField
                  pickLabel="Selecionar procuração (PDF)"
                  current={representative?.procuration ?? null}
                  downloadName={DOWNLOAD_NAMES.procuration}
                  onDownload={representative ? () => void downloadProcuration(representative.id) : undefined}
                />
              </FormField>
            </Col>
          </Row>
          <FormActions onCancel={() => void back()} />
        </ApiForm>
      </Card>
    </div>
  );
}
