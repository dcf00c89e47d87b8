import { SendOutlined } from '@ant-design/icons';
import { certificateFlow } from '@origem/contract/flows';
import {
  type BulkSendOutcome,
  type BulkSendResult,
  type BulkSendRow,
  MAX_BULK_SEND,
  bulkSendMessages as text,
} from '@origem/contract/schemas/certificate-bulk';
import {
  type CertificateListItem,
  type CertificateStatus,
  EDITABLE_CERTIFICATE_STATES,
} from '@origem/contract/schemas/certificates';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType, TableRowSelection } from 'antd/es/table/interface';
import { type Key, type ReactNode, useState } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { confirmAction } from '../../ui/confirm-dialog';
import { FlowTag } from '../../ui/flow-tag';
import { sendManyForAnalysis } from './api/act-on-certificate';
import { invalidateCertificates } from './api/keys';
import { certificateTitle } from './certificate-sections';

/** The rows "Enviar para análise" accepts: the states the single action leaves from (Rascunho, Reprovado). */
export const mayBeSent = (row: Pick<CertificateListItem, 'status'>) =>
  EDITABLE_CERTIFICATE_STATES.includes(row.status);

const OUTCOMES: Record<BulkSendOutcome, { label: string; color: string }> = {
  sent: { label: 'Enviado', color: 'green' },
  refused: { label: 'Recusado', color: 'red' },
  not_found: { label: 'Não encontrado', color: 'default' },
};

const resultColumns: ColumnsType<BulkSendRow> = [
  {
    title: 'Certificado',
    key: 'certificate',
    render: (_, row) => (
      <Space orientation="vertical" size={0}>
        <span>{certificateTitle(row)}</span>
        {row.invoice_number ? (
          <Typography.Text type="secondary">{`Fatura ${row.invoice_number}`}</Typography.Text>
        ) : null}
      </Space>
    ),
  },
  {
    title: 'Resultado',
    key: 'outcome',
    render: (_, row) => <Tag color={OUTCOMES[row.outcome].color}>{OUTCOMES[row.outcome].label}</Tag>,
  },
  {
    title: 'Situação',
    key: 'status',
    render: (_, row) => <FlowTag flow={certificateFlow} status={row.status as CertificateStatus | null} />,
  },
  { title: 'Detalhe', key: 'message', render: (_, row) => row.message },
];

/** What the bulk send did, certificate by certificate (sent, or why not). */
function BulkSendResultDialog({ result, onClose }: { result: BulkSendResult | null; onClose: () => void }) {
  return (
    <Modal
      open={result !== null}
      title={text.resultTitle}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Fechar
        </Button>
      }
      destroyOnHidden
      width={760}
    >
      {result ? (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text role="status">{text.summary(result.sent, result.refused)}</Typography.Text>
          <Table<BulkSendRow>
            aria-label={text.resultTitle}
            rowKey="id"
            size="small"
            columns={resultColumns}
            dataSource={result.data}
            pagination={false}
            scroll={{ y: 420 }}
          />
        </Space>
      ) : null}
    </Modal>
  );
}

export type BulkSend = {
  /** The list table's checkboxes (only for users who may send; only the rows that may be sent). */
  rowSelection: TableRowSelection<CertificateListItem> | undefined;
  /** "n selecionados · Enviar para análise · Limpar seleção", shown while rows are selected. */
  toolbar: ReactNode;
  /** The result dialog. */
  dialog: ReactNode;
};

/**
 * Issue 25: select certificates in the list and send them for analysis at once. The selection survives paging (at
 * most 100); each one is sent on the server by the single action and answered on its own in the result dialog.
 */
export function useBulkSend(): BulkSend {
  const { can } = useSession();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Key[]>([]);
  const [result, setResult] = useState<BulkSendResult | null>(null);
  const [busy, setBusy] = useState(false);
  if (!can('certificate.create')) return { rowSelection: undefined, toolbar: null, dialog: null };

  const send = async () => {
    const ids = selected.map(Number);
    const confirmed = await confirmAction({
      title: text.confirmTitle(ids.length),
      content:
        'Cada certificado é conferido e enviado separadamente; os que não puderem ser enviados continuam como estão, com o motivo.',
      okText: 'Enviar',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      setResult(await sendManyForAnalysis(ids));
      setSelected([]);
      await invalidateCertificates(queryClient);
    } catch (error) {
      ignoreShownError(error);
    } finally {
      setBusy(false);
    }
  };

  const count = selected.length;
  const tooMany = count > MAX_BULK_SEND;
  return {
    rowSelection: {
      selectedRowKeys: selected,
      preserveSelectedRowKeys: true,
      // No "select all" box in the header: antd copies the header into an aria-hidden measuring row, where a
      // focusable checkbox is an accessibility error (axe aria-hidden-focus). Each row has its own labelled box.
      columnTitle: <span className="visually-hidden">Seleção para envio</span>,
      onChange: (keys) => setSelected(keys),
      getCheckboxProps: (row) => ({
        disabled: !mayBeSent(row),
        'aria-label': `Selecionar ${certificateTitle(row)}`,
      }),
    },
    toolbar:
      count > 0 ? (
        <Space wrap style={{ marginBottom: 12 }} aria-label="Certificados selecionados">
          <Typography.Text>
            {count === 1 ? '1 certificado selecionado' : `${count} certificados selecionados`}
          </Typography.Text>
          <Button
            type="primary"
            icon={<SendOutlined aria-hidden />}
            loading={busy}
            disabled={tooMany}
            onClick={() => void send()}
          >
            {text.button}
          </Button>
          <Button onClick={() => setSelected([])} disabled={busy}>
            Limpar seleção
          </Button>
          {tooMany ? <Typography.Text type="danger">{text.tooMany}</Typography.Text> : null}
        </Space>
      ) : null,
    dialog: <BulkSendResultDialog result={result} onClose={() => setResult(null)} />,
  };
}
