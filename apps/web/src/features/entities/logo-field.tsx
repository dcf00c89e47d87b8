import { useProtectedImage } from './api/get-protected-image';
import { LogoUpload, useFilePreview } from './logo-upload';

/** The form value of a logo: a new file, `null` to remove the current one, `undefined` to keep it. */
export type LogoValue = File | null | undefined;

export type LogoFieldProps = {
  /** The saved logo's address, if any (fetched with the session's token). */
  currentSrc: string | null;
  alt: string;
  id?: string;
  value?: LogoValue;
  onChange?: (value: LogoValue) => void;
  onBlur?: () => void;
  status?: 'error';
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/** A logo that travels with the record's multipart save (federations, associations). Use inside FormField. */
export function LogoField({ currentSrc, alt, id, value, onChange, onBlur, status, ...aria }: LogoFieldProps) {
  const preview = useFilePreview(value instanceof File ? value : null);
  const saved = useProtectedImage(currentSrc);
  const src = value instanceof File ? preview : value === null ? null : saved.src;
  const change = (next: LogoValue) => {
    onChange?.(next);
    onBlur?.();
  };
  return (
    <LogoUpload
      id={id}
      src={src}
      alt={alt}
      status={status}
      onPick={(file) => change(file)}
      onRemove={() => change(null)}
      onUndo={value !== undefined ? () => change(undefined) : undefined}
      {...aria}
    />
  );
}
