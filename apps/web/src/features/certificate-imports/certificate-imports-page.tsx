import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  CERTIFICATE_IMPORT_PATH,
  certificateImportScreenSearch,
  IMPORT_MAX_BYTES,
} from '@origem/contract/schemas/certificate-imports';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Card, Space, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { ListPage } from '../../ui/list-page';
import { useListSearch } from '../../ui/use-list-search';
import { downloadTemplate, useImport, useUploadImport } from './api/imports';
import { ImportHistory } from './import-history';
import { ImportReport, SECTION_TITLE } from './import-report';

/** What is wrong with a picked file before it is sent (the server reads the bytes again). */
export function importFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return 'Envie a planilha do modelo (.xlsx) ou um CSV (.csv).';
  if (file.size === 0) return 'O arquivo está vazio.';
  if (file.size > IMPORT_MAX_BYTES) return 'O arquivo é grande demais (máximo de 20 MB).';
  return null;
}

function uploadFailure(error: unknown): string {
  if (isApiError(error) && error.status < 500) return error.fieldMessages[0] ?? error.message;
  return 'Não foi possível enviar o arquivo agora. Tente novamente mais tarde.';
}

function UploadBlock({ onUploaded }: { onUploaded: (id: number) => void }) {
  const upload = useUploadImport();
  const [problem, setProblem] = useState<string | null>(null);
  const pick = (file: File) => {
    const found = importFileProblem(file);
    setProblem(found);
    upload.reset();
    if (!found) {
      upload.mutateAsync(file).then(
        (created) => onUploaded(created.id),
        () => undefined,
      );
    }
    // Never let antd upload by itself: the mutation sends it.
    return false;
  };
  const error = problem ?? (upload.isError ? uploadFailure(upload.error) : null);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Upload.Dragger
        accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        multiple={false}
        showUploadList={false}
        beforeUpload={pick}
        disabled={upload.isPending}
        aria-label="Selecionar a planilha de certificados"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">Clique ou arraste aqui a planilha (XLSX) ou o CSV</p>
        <p className="ant-upload-hint">
          Uma linha por item; a coluna "Certificado" agrupa os itens de um mesmo certificado. Até 20 MB.
        </p>
      </Upload.Dragger>
      {upload.isPending ? <Spin description="Enviando o arquivo…" /> : null}
      {error ? <Alert type="error" showIcon role="alert" title={error} /> : null}
    </Space>
  );
}

function CurrentImport({ id }: { id: number }) {
  const found = useImport(id);
  if (found.isLoading) return <Spin description="Carregando a importação…" />;
  if (found.isError || !found.data) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title="Não foi possível carregar a importação."
        action={<Button onClick={() => void found.refetch()}>Tentar de novo</Button>}
      />
    );
  }
  return <ImportReport item={found.data} />;
}

/**
 * /certificados/importar (issue 25): the template, the upload, the job's progress and report, the confirmation
 * and the history of the user's imports.
 */
export function CertificateImportsPage() {
  const list = useListSearch(certificateImportScreenSearch);
  const navigate = useNavigate();
  const current = typeof list.search.importacao === 'number' ? list.search.importacao : undefined;
  const open = (id: number) =>
    void navigate({ to: CERTIFICATE_IMPORT_PATH, search: { importacao: id } as never });
  return (
    <ListPage
      title="Importar certificados"
      hint="Crie rascunhos de certificados a partir de uma planilha: cada linha é validada pelas mesmas regras do formulário."
      extra={
        <>
          <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void downloadTemplate('xlsx')}>
            Modelo XLSX
          </Button>
          <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void downloadTemplate('csv')}>
            Modelo CSV
          </Button>
        </>
      }
    >
      <Card title="Enviar arquivo">
        <UploadBlock onUploaded={open} />
      </Card>
      {current ? <CurrentImport id={current} /> : null}
      <section aria-label="Histórico de importações">
        <Typography.Title level={2} style={SECTION_TITLE}>
          Histórico de importações
        </Typography.Title>
        <ImportHistory list={list} onOpen={open} />
      </section>
    </ListPage>
  );
}
