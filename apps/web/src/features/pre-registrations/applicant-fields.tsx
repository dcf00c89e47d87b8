import { SpecialStatus } from '@origem/contract/errors';
import { DOWNLOAD_NAMES, type StoredFileInfo } from '@origem/contract/schemas/files';
import {
  PROFILE_TYPES,
  preRegistrationMessages,
  type TaxIdRefusal,
} from '@origem/contract/schemas/pre-registrations';
import { Col, Radio, Row, Select, Typography } from 'antd';
import { useFormContext, useWatch } from 'react-hook-form';
import { showErrorDialog } from '../../ui/feedback';
import { FormField } from '../../ui/form';
import { formatPhone } from '../../ui/format';
import { PartyFields } from '../../ui/party-fields';
import { PdfFileField } from '../../ui/pdf-file-field';
import { useProfileTypes, usePublicAssociations, usePublicFederations } from './api/get-public-options';

const FALLBACK_PROFILES = Object.entries(PROFILE_TYPES).map(([id, name]) => ({ id, name }));

/**
 * The applicant's fields inside an <ApiForm>: profile, the party (person type, CPF/CNPJ, name, contacts,
 * address), federation → association, and the social contract PDF.
 */
export function ApplicantFields({ currentFile = null }: { currentFile?: StoredFileInfo | null }) {
  const profiles = useProfileTypes();
  return (
    <>
      <FormField name="profile_type" label="Perfil">
        <Radio.Group
          options={(profiles.data ?? FALLBACK_PROFILES).map((p) => ({ value: p.id, label: p.name }))}
        />
      </FormField>
      <PartyFields show={{ stateRegistration: false }} />
      <AssociationFields />
      {/* One state for the file: the one on record (kept unless replaced), or none yet (required). */}
      <FormField
        name="social_contract"
        label="Contrato social (PDF)"
        required={!currentFile}
        help={
          currentFile
            ? 'O contrato social enviado continua valendo. Troque-o somente se a correção pedir outro arquivo (PDF de até 10 MB).'
            : 'Arquivo PDF de até 10 MB.'
        }
      >
        <PdfFileField
          current={currentFile}
          downloadName={DOWNLOAD_NAMES.socialContract}
          removable={false}
          pickLabel="Selecionar contrato social (PDF)"
        />
      </FormField>
    </>
  );
}

/** Federation, then the associations of that federation (choosing another federation clears the association). */
function AssociationFields() {
  const { control, setValue } = useFormContext();
  const federationId = useWatch({ control, name: 'federation_id' }) as number | undefined;
  const federations = usePublicFederations();
  const associations = usePublicAssociations(federationId ?? null);
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <FormField name="federation_id" label="Federação">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Selecione a federação"
            loading={federations.isPending}
            options={(federations.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
            onChange={() => setValue('trade_association_id', undefined, { shouldDirty: true })}
          />
        </FormField>
      </Col>
      <Col xs={24} md={12}>
        <FormField name="trade_association_id" label="Associação comercial">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={federationId ? 'Selecione a associação' : 'Escolha antes a federação'}
            disabled={!federationId}
            loading={Boolean(federationId) && associations.isPending}
            options={(associations.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
            notFoundContent="Nenhuma associação nesta federação."
          />
        </FormField>
      </Col>
    </Row>
  );
}

/** 251 and 252 (SPEC §5): the CPF/CNPJ is already registered, or under analysis. */
export function isTaxIdRefusal(status: number): boolean {
  return status === SpecialStatus.AlreadyRegistered || status === SpecialStatus.UnderRegistrationAnalysis;
}

/** SPEC §8: the refusal's text as an error dialog, with the chosen association's support channels. */
export function showTaxIdRefusal(refusal: TaxIdRefusal): Promise<void> {
  const { support } = refusal;
  return showErrorDialog(
    refusal.message,
    <div>
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        {preRegistrationMessages.supportIntro}:
      </Typography.Paragraph>
      <Typography.Text strong>{support.name}</Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {support.email ? <li>E-mail: {support.email}</li> : null}
        {support.phone ? <li>Telefone: {formatPhone(support.phone)}</li> : null}
      </ul>
    </div>,
  );
}
