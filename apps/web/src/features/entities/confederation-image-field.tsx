import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { showErrorDialog } from '../../ui/feedback';
import { useProtectedImage } from './api/get-protected-image';
import { useUploadConfederationImage } from './api/upload-confederation-image';
import { logoFailureText } from './entity-form-values';
import { LogoUpload, logoContentProblem, logoProblem, useFilePreview } from './logo-upload';

export type ConfederationImageFieldProps = {
  /** The saved image's download address (signed in), if any. */
  currentUrl: string | null;
  alt: string;
  id?: string;
  /** `confederation_image`: the reference of the upload waiting for this save. */
  value?: string;
  onChange?: (value: string | undefined) => void;
  onBlur?: () => void;
  status?: 'error';
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/**
 * SPEC §5/§7: the picked image is uploaded at once (POST /v2/confederation/image/upload, field `file`) and the
 * save refers to it. A failed upload shows the server's reason or 'Não foi possível efetuar o UPLOAD da logo !!!'.
 */
export function ConfederationImageField({
  currentUrl,
  alt,
  id,
  value,
  onChange,
  onBlur,
  status,
  ...aria
}: ConfederationImageFieldProps) {
  const { setError, clearErrors, setValue } = useFormContext();
  const [picked, setPicked] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const upload = useUploadConfederationImage();
  const current = useProtectedImage(currentUrl);
  const preview = useFilePreview(picked);
  const src = value && preview ? preview : removed ? null : current.src;

  const pick = async (file: File) => {
    const problem = logoProblem(file) ?? (await logoContentProblem(file));
    if (problem) {
      setError('confederation_image', { type: 'client', message: problem });
      return;
    }
    clearErrors('confederation_image');
    try {
      const answer = await upload.mutateAsync(file);
      setPicked(file);
      setRemoved(false);
      setValue('remove_image', false, { shouldDirty: true });
      onChange?.(answer.file);
      onBlur?.();
    } catch (error) {
      const text = logoFailureText(error);
      setError('confederation_image', { type: 'server', message: text });
      void showErrorDialog(text);
    }
  };

  return (
    <LogoUpload
      id={id}
      src={src}
      alt={alt}
      status={status}
      busy={upload.isPending || current.isLoading}
      onPick={(file) => void pick(file)}
      onRemove={() => {
        setPicked(null);
        setRemoved(true);
        onChange?.(undefined);
        setValue('remove_image', Boolean(currentUrl), { shouldDirty: true });
      }}
      onUndo={
        value || removed
          ? () => {
              setPicked(null);
              setRemoved(false);
              onChange?.(undefined);
              setValue('remove_image', false, { shouldDirty: true });
            }
          : undefined
      }
      {...aria}
    />
  );
}
