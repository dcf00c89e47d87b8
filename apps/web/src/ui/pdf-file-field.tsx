import { DeleteOutlined, FilePdfOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { downloadFileName } from '@origem/contract/schemas/files';
import { Button, Flex, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { z } from 'zod';

/** The form value of a stored PDF: a new file, `null` to remove the stored one, `undefined` to keep it. */
export type PdfValue = File | null | undefined;

/** The upload cap of the server's PDF policy (apps/api files module). */
export const PDF_MAX_BYTES = 10 * 1024 * 1024;

/** What is wrong with a picked file before it is sent (the server checks the bytes again). */
/** The form-schema field of a PdfFileField: checks a newly picked file before anything is sent. */
export const pdfFileValue = z
  .custom<PdfValue>((v) => v === undefined || v === null || v instanceof File)
  .superRefine((file, ctx) => {
    const problem = file instanceof File ? pdfProblem(file) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export function pdfProblem(file: File): string | null {
  const looksPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!looksPdf) return 'Tipo de arquivo não aceito. Envie um arquivo PDF.';
  if (file.size === 0) return 'O arquivo enviado está vazio.';
  if (file.size > PDF_MAX_BYTES) return 'O arquivo excede o tamanho máximo de 10 MB.';
  return null;
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`
    : `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

export type PdfFileFieldProps = {
  /** The stored file, if any: its name and size, and how to download it. */
  current: { name: string; size: number } | null;
  /**
   * The SPEC §9 name the stored file downloads as (contract DOWNLOAD_NAMES, e.g. 'contrato_social'): the field
   * shows the file by that name, the one the browser saves it under.
   */
  downloadName?: string;
  onDownload?: () => void;
  /** Button text, e.g. 'Selecionar procuração (PDF)'. */
  pickLabel: string;
  /** Accessible name of the download button, e.g. 'Baixar contrato social' (default 'Baixar'). */
  downloadLabel?: string;
  /** False when the record must keep a file: the stored one can be replaced, not removed. */
  removable?: boolean;
  id?: string;
  value?: PdfValue;
  onChange?: (value: PdfValue) => void;
  onBlur?: () => void;
  status?: 'error';
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  /** From FormField: a button takes no aria-required (ARIA), so a required file is said in its description. */
  'aria-required'?: boolean;
};

/**
 * A PDF that travels with the record's multipart save: shows the stored file (with download), lets the user pick
 * a replacement, remove it, or undo the choice. Use inside FormField.
 */
export function PdfFileField({
  current,
  downloadName,
  onDownload,
  pickLabel,
  downloadLabel = 'Baixar',
  removable = true,
  id,
  value,
  onChange,
  onBlur,
  status,
  'aria-required': required,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: PdfFileFieldProps) {
  const requiredId = id ? `${id}-required` : undefined;
  const description = [describedBy, required ? requiredId : undefined].filter(Boolean).join(' ') || undefined;
  const change = (next: PdfValue) => {
    onChange?.(next);
    onBlur?.();
  };
  let shown: ReactNode;
  if (value instanceof File) {
    shown = (
      <Typography.Text>
        <FilePdfOutlined aria-hidden /> {value.name} ({sizeText(value.size)}) — novo arquivo
      </Typography.Text>
    );
  } else if (value === null && current) {
    shown = <Typography.Text type="warning">O arquivo atual será removido ao salvar.</Typography.Text>;
  } else if (current) {
    shown = (
      <Typography.Text>
        <FilePdfOutlined aria-hidden />{' '}
        {downloadName ? downloadFileName(downloadName, current.name) : current.name} ({sizeText(current.size)}
        )
        {onDownload ? (
          <Button type="link" size="small" onClick={onDownload} aria-label={downloadLabel}>
            Baixar
          </Button>
        ) : null}
      </Typography.Text>
    );
  } else {
    shown = <Typography.Text type="secondary">Nenhum arquivo enviado.</Typography.Text>;
  }
  return (
    <Flex vertical gap={8} align="flex-start">
      {shown}
      <Flex gap={8} wrap>
        <Upload
          accept=".pdf,application/pdf"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            change(file);
            // Kept in the browser: it goes with the form, not on its own.
            return false;
          }}
        >
          <Button
            id={id}
            icon={<UploadOutlined aria-hidden />}
            danger={status === 'error'}
            aria-describedby={description}
            aria-invalid={invalid}
          >
            {current || value instanceof File ? 'Trocar arquivo' : pickLabel}
          </Button>
        </Upload>
        {required && requiredId ? (
          <span id={requiredId} className="visually-hidden">
            Arquivo obrigatório.
          </span>
        ) : null}
        {removable && current && value === undefined ? (
          <Button icon={<DeleteOutlined aria-hidden />} onClick={() => change(null)}>
            Remover
          </Button>
        ) : null}
        {value !== undefined ? (
          <Button icon={<UndoOutlined aria-hidden />} onClick={() => change(undefined)}>
            Desfazer
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
