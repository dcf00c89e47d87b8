import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { type ApiError, isApiError } from '../../api/api-error';

/** A CSV picked for upload: one file, kept in the browser until the form is sent. */
export function CsvFileInput({
  id,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
}: {
  id: string;
  value: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <Upload
      accept=".csv,text/csv"
      maxCount={1}
      disabled={disabled}
      fileList={value ? [{ uid: 'csv', name: value.name, size: value.size, status: 'done' }] : []}
      beforeUpload={(file) => {
        onChange(file);
        // Kept locally; it goes with the form, not on its own.
        return false;
      }}
      onRemove={() => onChange(null)}
    >
      <Button
        id={id}
        icon={<UploadOutlined aria-hidden />}
        disabled={disabled}
        danger={invalid}
        aria-describedby={describedBy}
      >
        {value ? 'Trocar arquivo' : 'Selecionar arquivo CSV'}
      </Button>
    </Upload>
  );
}

/** The problems the server found in an uploaded file, one per line of the file, as a bulleted list. */
export function CsvErrors({ title, errors }: { title: string; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description={
        <ul
          aria-label="Erros do arquivo"
          style={{ margin: 0, paddingInlineStart: 20, maxHeight: 240, overflowY: 'auto' }}
        >
          {errors.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  );
}

export type UploadFailure = { message: string; fields: Record<string, string>; file: string[] };

/**
 * A 422 from an upload, split for the modal: messages of the text fields go next to them, the file's list of
 * line-numbered problems goes in <CsvErrors>. Other failures are left to the http client's catalogue.
 */
export function uploadFailure(error: unknown): UploadFailure | null {
  if (!isApiError(error) || !error.isValidation) return null;
  (error as ApiError).markHandled();
  const fields: Record<string, string> = {};
  for (const [name, list] of Object.entries(error.errors)) {
    if (name !== 'file' && list.length > 0) fields[name] = list.join(' ');
  }
  return { message: error.message, fields, file: error.errors.file ?? [] };
}

/** The format hint shown under a file field. */
export function CsvHint({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
      {children}
    </Typography.Text>
  );
}
