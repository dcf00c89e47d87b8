import { EditOutlined } from '@ant-design/icons';
import { type NcmDetail, ncmKind, nomenclatureMessages } from '@origem/contract/schemas/nomenclature';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Result,
  Skeleton,
  Space,
  Steps,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { notifySuccess } from '../../ui/feedback';
import { formatNcm } from '../../ui/format';
import { useNcm } from './api/get-ncm';
import { useNcmReference } from './api/get-ncm-reference';
import { useSaveNcmReference } from './api/save-ncm-reference';

const mono = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;

/** The description printed on certificates for a complete NCM; administrators change it here. */
function PrintedDescription({ code }: { code: string }) {
  const { can } = useSession();
  const reference = useNcmReference(code);
  const save = useSaveNcmReference();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (reference.isPending) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  const current = reference.data?.description ?? null;

  if (draft !== null) {
    const submit = async () => {
      setError(null);
      try {
        await save.mutateAsync({ ncm: code, description: draft });
        setDraft(null);
        void notifySuccess(nomenclatureMessages.ncm.referenceSaved);
      } catch (failure) {
        if (isApiError(failure) && failure.isValidation) {
          failure.markHandled();
          setError(failure.fieldMessages.join(' ') || failure.message);
        }
      }
    };
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label htmlFor="ncm-printed-description">
          <Typography.Text strong>Descrição impressa nos certificados</Typography.Text>
        </label>
        <Input.TextArea
          id="ncm-printed-description"
          rows={3}
          maxLength={2000}
          value={draft}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
        {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
        <Space>
          <Button onClick={() => setDraft(null)} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            Salvar descrição
          </Button>
        </Space>
      </Space>
    );
  }

  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      {current ? (
        <Typography.Paragraph style={{ margin: 0 }}>{current}</Typography.Paragraph>
      ) : (
        <Typography.Text type="secondary">
          Não definida: certificados com este NCM precisam de uma descrição para serem impressos.
        </Typography.Text>
      )}
      {can('reference_data.manage') ? (
        <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setDraft(current ?? '')}>
          {current ? 'Alterar descrição' : 'Definir descrição'}
        </Button>
      ) : null}
    </Space>
  );
}

function Details({ ncm, onOpen }: { ncm: NcmDetail; onOpen: (code: string) => void }) {
  const current = ncm.chain.length - 1;
  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={1}
        styles={{ label: { width: 150 } }}
        items={[
          { key: 'code', label: 'Código', children: <span style={mono}>{formatNcm(ncm.code)}</span> },
          { key: 'description', label: 'Descrição', children: ncm.description },
          {
            key: 'kind',
            label: 'Nível',
            children: (
              <Space size={4}>
                {ncmKind(ncm.code)}
                {ncm.leaf ? <Tag color="green">Folha</Tag> : null}
              </Space>
            ),
          },
          {
            key: 'chapter',
            label: 'Capítulo',
            children: `${ncm.main_parent} — ${ncm.main_parent_description ?? '—'}`,
          },
          {
            key: 'parent',
            label: 'Código pai',
            children: ncm.parent_code ? `${formatNcm(ncm.parent_code)} — ${ncm.parent ?? '—'}` : '—',
          },
        ]}
      />

      <section aria-labelledby="ncm-chain-title">
        <Typography.Title level={2} id="ncm-chain-title" style={{ fontSize: 16 }}>
          Hierarquia
        </Typography.Title>
        <Steps
          orientation="vertical"
          size="small"
          current={current}
          items={ncm.chain.map((node, index) => ({
            title:
              index === current ? (
                <strong style={mono} aria-current="true">
                  {formatNcm(node.code)}
                </strong>
              ) : (
                <Button
                  type="link"
                  size="small"
                  style={{ ...mono, padding: 0, height: 'auto' }}
                  onClick={() => onOpen(node.code)}
                  aria-label={`Abrir ${ncmKind(node.code).toLowerCase()} ${formatNcm(node.code)}`}
                >
                  {formatNcm(node.code)}
                </Button>
              ),
            subTitle: ncmKind(node.code),
            content: index === current ? <strong>{node.description}</strong> : node.description,
            // Every level is part of the code's path: all drawn alike, the code itself in bold.
            status: 'finish',
          }))}
        />
      </section>

      <section aria-labelledby="ncm-naladi-title">
        <Typography.Title level={2} id="ncm-naladi-title" style={{ fontSize: 16 }}>
          Códigos NALADI/SH
        </Typography.Title>
        {ncm.naladi.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="Nenhuma lista de classificação traz este NCM."
          />
        ) : (
          <Table
            size="small"
            pagination={false}
            rowKey="classification_type"
            aria-label="Códigos NALADI/SH do NCM"
            dataSource={ncm.naladi}
            columns={[
              {
                title: 'Tipo',
                dataIndex: 'classification_type',
                key: 'type',
                render: (t: string) => <Tag>{t}</Tag>,
              },
              {
                title: 'Código',
                dataIndex: 'code',
                key: 'code',
                render: (c: string) => <span style={mono}>{c}</span>,
              },
              { title: 'Descrição', dataIndex: 'description', key: 'description' },
            ]}
          />
        )}
      </section>

      {ncm.code.length === 8 ? (
        <section aria-labelledby="ncm-reference-title">
          <Typography.Title level={2} id="ncm-reference-title" style={{ fontSize: 16 }}>
            Descrição para impressão
          </Typography.Title>
          <PrintedDescription key={ncm.code} code={ncm.code} />
        </section>
      ) : null}
    </Space>
  );
}

/** The drawer of /cadastros/ncm: one code with its chain chapter → position → item and its NALADI/SH codes. */
export function NcmDetailDrawer({
  code,
  onOpen,
  onClose,
}: {
  code: string | null;
  onOpen: (code: string) => void;
  onClose: () => void;
}) {
  const ncm = useNcm(code);
  const notFound = isApiError(ncm.error) && ncm.error.status === 404;
  return (
    <Drawer
      open={code !== null}
      onClose={onClose}
      size={560}
      title={code ? `NCM ${formatNcm(code)}` : 'NCM'}
      destroyOnHidden
    >
      {ncm.isPending ? (
        <div role="status" aria-busy="true" aria-label="Carregando NCM">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      ) : notFound ? (
        <Result
          status="404"
          title="Registro não encontrado."
          subTitle="Este código não está na tabela NCM."
        />
      ) : ncm.error ? (
        <Alert
          type="warning"
          showIcon
          title="Não foi possível carregar o NCM."
          description={ncm.error.message}
        />
      ) : ncm.data ? (
        <Details ncm={ncm.data} onOpen={onOpen} />
      ) : null}
    </Drawer>
  );
}
