import type { Certificate } from '@origem/contract/schemas/certificates';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { notifySuccess } from '../../ui/feedback';
import { formatNcm } from '../../ui/format';
import { selectNcm } from './api/act-on-certificate';
import { invalidateCertificates } from './api/keys';

/**
 * What sending and approving check (issue 22): the NCMs of the items that would print without a description (none
 * chosen, none in the reference table). The analyst sees it before approving, as the server refuses the approval.
 */
export function MissingNcmDescriptionsAlert({ certificate }: { certificate: Certificate }) {
  const missing = [
    ...new Set(
      certificate.items
        .filter((item) => !(item.ncm_description || item.reference_description))
        .map((item) => formatNcm(item.ncm)),
    ),
  ];
  if (missing.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={`Sem descrição do NCM ${missing.join(', ')}: informe-a em "Descrições de NCM impressas" antes de aprovar.`}
    />
  );
}

/**
 * PATCH select_ncm: per item, the NCM description that prints. Printing refuses (NcmDescriptionError) an item whose
 * NCM has neither this nor a reference description in the NCM table. While the certificate is editable the form
 * holds these descriptions (saved with "Salvar"); this box serves the analyst and a certificate past editing.
 */
export function NcmDescriptionsCard({ certificate }: { certificate: Certificate }) {
  const { can } = useSession();
  const queryClient = useQueryClient();
  const prefix = useId();
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(certificate.items.map((item) => [item.id, item.ncm_description ?? ''])),
  );
  const [saving, setSaving] = useState(false);
  if (certificate.items.length === 0 || !(can('certificate.create') || can('certificate.analyse')))
    return null;

  const save = async () => {
    setSaving(true);
    try {
      const answer = await selectNcm(
        certificate.id,
        certificate.items.map((item) => ({ id: item.id, ncm_description: values[item.id]?.trim() || null })),
      );
      void notifySuccess(answer.message ?? '');
      await invalidateCertificates(queryClient);
    } catch (error) {
      ignoreShownError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Descrições de NCM impressas" size="small">
      <Typography.Paragraph type="secondary">
        Em branco, sai a descrição de referência da tabela NCM. Sem nenhuma das duas, a impressão é recusada.
      </Typography.Paragraph>
      <Flex vertical gap={12}>
        {certificate.items.map((item) => (
          <div key={item.id}>
            <label htmlFor={`${prefix}-${item.id}`}>
              <Typography.Text strong>
                Item {item.position} — NCM {formatNcm(item.ncm)}
              </Typography.Text>
            </label>
            <Input.TextArea
              id={`${prefix}-${item.id}`}
              rows={2}
              maxLength={2000}
              value={values[item.id] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [item.id]: event.target.value }))}
            />
          </div>
        ))}
        <div>
          <Button onClick={() => void save()} loading={saving}>
            Salvar descrições
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
