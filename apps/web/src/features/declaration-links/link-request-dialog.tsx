import type {
  LinkExporter,
  LinkManufacturer,
  ManufacturerDeclaration,
} from '@origem/contract/schemas/declaration-links';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { fetchPage } from '../../api/paging';
import { useSession } from '../../lib/session';
import { notifySuccess } from '../../ui/feedback';
import { formatNameWithTaxId, formatNcm } from '../../ui/format';
import { unmask } from '../../ui/masks';
import { TypeAheadSelect, type TypeAheadSource } from '../../ui/type-ahead-select';
import { DECLARATION_LINK_PATH, findExporter, requestLink, useRefreshLinks, withFallback } from './api/links';

const manufacturerSource: TypeAheadSource<LinkManufacturer> = {
  path: `${DECLARATION_LINK_PATH}/manufacturer`,
  searchParam: 'name',
  toOption: (row) => ({ value: row.id, label: formatNameWithTaxId(row) }),
};

const declarationLabel = (d: ManufacturerDeclaration) =>
  `Nº ${d.id} — ${d.product_name} (NCM ${formatNcm(d.ncm)}, ${d.deal.abbreviation})${d.link ? ' · já vinculada' : ''}`;

/**
 * Asking for a link (DOMAIN §6): an exporter picks a manufacturer and one of its approved declarations; a
 * manufacturer (or the association) offers a declaration to an exporter found by CPF/CNPJ.
 */
export function LinkRequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const refresh = useRefreshLinks();
  const ownExporter = user?.exporter?.id ?? null;
  const ownManufacturer = user?.manufacturer?.id ?? null;
  const [taxId, setTaxId] = useState('');
  const [exporter, setExporter] = useState<LinkExporter | null>(null);
  const [manufacturerId, setManufacturerId] = useState<number | undefined>(ownManufacturer ?? undefined);
  const [declarationId, setDeclarationId] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const exporterId = ownExporter ?? exporter?.id ?? null;

  const declarations = useQuery({
    queryKey: ['declaration-links', 'declarations', manufacturerId, exporterId],
    queryFn: () =>
      withFallback('fetchDeclarations', () =>
        fetchPage<ManufacturerDeclaration>(
          `${DECLARATION_LINK_PATH}/manufacturer/${manufacturerId}/declarations`,
          {
            exporter_id: ownExporter ? undefined : (exporterId ?? undefined),
            page: 1,
            per_page: 50,
          },
        ),
      ),
    enabled: manufacturerId !== undefined,
  });

  const reset = () => {
    setTaxId('');
    setExporter(null);
    setManufacturerId(ownManufacturer ?? undefined);
    setDeclarationId(undefined);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const search = async () => {
    setError(null);
    const digits = unmask(taxId);
    try {
      setExporter(await findExporter(digits.length === 11 ? { cpf: digits } : { cnpj: digits }));
    } catch {
      setExporter(null);
    }
  };

  const submit = async () => {
    if (!exporterId || !declarationId) {
      setError(exporterId ? 'Escolha a declaração.' : 'Escolha o exportador.');
      return;
    }
    setSending(true);
    try {
      const answer = await requestLink({ declaration_id: declarationId, exporter_id: exporterId });
      close();
      await refresh();
      void notifySuccess(answer.message);
    } catch (failure) {
      if (isApiError(failure) && failure.isValidation) {
        failure.markHandled();
        setError(failure.fieldMessages.join(' '));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Solicitar vínculo de declaração"
      okText="Solicitar vínculo"
      cancelText="Cancelar"
      confirmLoading={sending}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
      width={640}
    >
      <Typography.Paragraph type="secondary">
        Aprovado o vínculo, o exportador passa a citar a declaração do fabricante nos seus certificados.
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        {ownExporter ? null : (
          <Form.Item label="CPF ou CNPJ do exportador" htmlFor="link-exporter-tax-id">
            <Space.Compact style={{ width: '100%' }}>
              <Input
                id="link-exporter-tax-id"
                value={taxId}
                onChange={(event) => setTaxId(event.target.value)}
                onPressEnter={() => void search()}
              />
              <Button onClick={() => void search()}>Buscar</Button>
            </Space.Compact>
            {exporter ? (
              <Typography.Text type="success">{formatNameWithTaxId(exporter)}</Typography.Text>
            ) : null}
          </Form.Item>
        )}
        {ownManufacturer ? null : (
          <Form.Item label="Fabricante" htmlFor="link-manufacturer">
            <TypeAheadSelect
              {...manufacturerSource}
              id="link-manufacturer"
              placeholder="Digite o nome do fabricante"
              value={manufacturerId}
              onChange={(value: number | undefined) => {
                setManufacturerId(value);
                setDeclarationId(undefined);
              }}
            />
          </Form.Item>
        )}
        <Form.Item label="Declaração" htmlFor="link-declaration">
          <Select
            id="link-declaration"
            showSearch={{ optionFilterProp: 'label' }}
            disabled={manufacturerId === undefined}
            placeholder={manufacturerId === undefined ? 'Escolha antes o fabricante' : 'Selecione'}
            loading={declarations.isFetching}
            value={declarationId}
            onChange={(value: number) => setDeclarationId(value)}
            options={(declarations.data?.rows ?? []).map((d) => ({
              value: d.id,
              label: declarationLabel(d),
              disabled: d.link !== null && d.link.status !== 'REPROVADO',
            }))}
            notFoundContent="Nenhuma declaração aprovada e válida deste fabricante."
          />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
