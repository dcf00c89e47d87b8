import { nomenclatureMessages } from '@origem/contract/schemas/nomenclature';
import { Alert, Form, Modal, Space } from 'antd';
import { useId, useState } from 'react';
import { notifySuccess } from '../../ui/feedback';
import { formatNumber } from '../../ui/format';
import { useUploadNcmTable } from './api/upload-ncm-table';
import { CsvErrors, CsvFileInput, CsvHint, type UploadFailure, uploadFailure } from './csv-upload';

/** 'Carregar nova tabela': replaces the whole NCM table with a CSV in the bundled file's format. */
export function NcmUploadModal({
  open,
  onClose,
  currentRows,
}: {
  open: boolean;
  onClose: () => void;
  /** Codes in the table now (unknown while a filter is applied). */
  currentRows: number | null;
}) {
  const upload = useUploadNcmTable();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<UploadFailure | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const id = `ncm-file${useId().replace(/[^a-zA-Z0-9]/g, '')}`;

  const close = () => {
    setFile(null);
    setFailure(null);
    setMissingFile(false);
    onClose();
  };

  const submit = async () => {
    if (!file) {
      setMissingFile(true);
      return;
    }
    setFailure(null);
    try {
      const result = await upload.mutateAsync(file);
      close();
      void notifySuccess(result.message);
    } catch (error) {
      const failed = uploadFailure(error);
      if (failed) setFailure(failed);
    }
  };

  const fileMessage = missingFile && !file ? nomenclatureMessages.csv.fileRequired : undefined;
  return (
    <Modal
      open={open}
      title="Carregar nova tabela NCM"
      okText="Substituir tabela"
      okButtonProps={{ danger: true, loading: upload.isPending }}
      cancelText="Cancelar"
      onOk={() => void submit()}
      onCancel={close}
      width={640}
      destroyOnHidden
      maskClosable={!upload.isPending}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert
          type="warning"
          showIcon
          title={
            currentRows === null
              ? 'A tabela atual será substituída inteira pelo arquivo.'
              : `A tabela atual (${formatNumber(currentRows)} códigos) será substituída inteira pelo arquivo.`
          }
          description="O arquivo é conferido por completo antes: se houver qualquer erro, nada muda e os erros aparecem aqui, com o número da linha."
        />
        {failure ? (
          <CsvErrors
            title={failure.message}
            errors={failure.file.length > 0 ? failure.file : Object.values(failure.fields)}
          />
        ) : null}
        <Form layout="vertical" component="div">
          <Form.Item
            label="Arquivo CSV"
            htmlFor={id}
            required
            validateStatus={fileMessage ? 'error' : undefined}
            help={fileMessage}
            extra={
              <CsvHint>
                Mesmo formato do arquivo da Receita Federal: cabeçalho{' '}
                <code>codigo,codigoPai,descricao,nivel,ehFolha</code>, separador vírgula ou ponto e vírgula,
                UTF-8.
              </CsvHint>
            }
          >
            <CsvFileInput
              id={id}
              value={file}
              invalid={Boolean(fileMessage)}
              onChange={(next) => {
                setFile(next);
                setFailure(null);
              }}
            />
          </Form.Item>
        </Form>
      </Space>
    </Modal>
  );
}
