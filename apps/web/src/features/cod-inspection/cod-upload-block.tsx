import { InboxOutlined } from '@ant-design/icons';
import { COD_INSPECTION_MAX_BYTES } from '@origem/contract/schemas/cod-inspection';
import { Alert, Space, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { type InspectionAudience, useCodInspection } from './api/inspect-cod';
import { CodInspectionSummary } from './cod-inspection-summary';

/** What is wrong with a picked file before it is sent (the server checks the bytes again). */
export function codFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.xml$/i.test(file.name)) return 'Envie o arquivo XML do COD (.xml).';
  if (file.size === 0) return 'O arquivo está vazio.';
  if (file.size > COD_INSPECTION_MAX_BYTES) return 'O arquivo é grande demais para um COD (máximo de 1 MB).';
  return null;
}

function failureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429)
      return 'Muitas verificações em pouco tempo. Aguarde um minuto e tente novamente.';
    if (error.status < 500) return error.fieldMessages[0] ?? error.message;
  }
  return 'Não foi possível verificar o arquivo agora. Tente novamente mais tarde.';
}

/**
 * Pick a COD XML, see its inspection: the drop zone and the summary, shared by the back-office screen and the
 * public verification page. The file is read by the server and not kept.
 */
export function CodUploadBlock({ audience }: { audience: InspectionAudience }) {
  const inspection = useCodInspection(audience);
  const [name, setName] = useState<string | null>(null);
  const [localProblem, setLocalProblem] = useState<string | null>(null);
  const pick = (file: File) => {
    setName(file.name);
    const problem = codFileProblem(file);
    setLocalProblem(problem);
    inspection.reset();
    if (!problem) inspection.mutate(file);
    // Never let antd upload by itself: the mutation sends it.
    return false;
  };
  const error = localProblem ?? (inspection.isError ? failureText(inspection.error) : null);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Upload.Dragger
        accept=".xml,application/xml,text/xml"
        multiple={false}
        showUploadList={false}
        beforeUpload={pick}
        disabled={inspection.isPending}
        aria-label="Selecionar o arquivo XML do COD"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">Clique ou arraste aqui o arquivo XML do COD</p>
        <p className="ant-upload-hint">
          O arquivo é conferido (esquema da ALADI, assinaturas e certificados) e não fica guardado. Até 1 MB.
        </p>
      </Upload.Dragger>
      {name ? (
        <Typography.Text type="secondary">
          Arquivo: <Typography.Text strong>{name}</Typography.Text>
        </Typography.Text>
      ) : null}
      {inspection.isPending ? <Spin description="Verificando o COD…" /> : null}
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      {inspection.data ? <CodInspectionSummary result={inspection.data} /> : null}
    </Space>
  );
}
