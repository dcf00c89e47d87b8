import { messages } from '@origem/contract/messages.pt';
import { A1_FILE_ACCEPT, A1_MAX_BYTES } from '@origem/contract/schemas/signatures';
import { Alert, Input } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { ApiForm, FormActions, FormField, formFailureText, useApiForm } from '../../ui/form';

/** What is wrong with a picked file before it is sent (the server opens it and says more). */
export function a1FileProblem(file: File): string | null {
  if (!/\.(pfx|p12)$/i.test(file.name)) return 'Escolha o arquivo do certificado A1 (.pfx ou .p12).';
  if (file.size === 0) return 'O arquivo escolhido está vazio.';
  if (file.size > A1_MAX_BYTES) return 'O arquivo não parece um certificado A1 (.pfx/.p12).';
  return null;
}

const schema = z.object({
  certificate: z
    .custom<File | undefined>((v) => v === undefined || v instanceof File)
    .superRefine((file, ctx) => {
      const problem = file instanceof File ? a1FileProblem(file) : 'Escolha o certificado A1 (.pfx/.p12).';
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((file) => file as File),
  password: z.string().min(1, 'Informe a senha do certificado A1.'),
});
type Values = z.input<typeof schema>;

/** A native file input inside FormField: hands the picked File (not the fake path) to the form. */
function A1FileInput({
  id,
  onChange,
  onBlur,
  ...aria
}: {
  id?: string;
  onChange?: (file: File | undefined) => void;
  onBlur?: () => void;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  return (
    <input
      id={id}
      type="file"
      accept={A1_FILE_ACCEPT}
      aria-describedby={aria['aria-describedby']}
      aria-invalid={aria['aria-invalid']}
      onChange={(event) => {
        onChange?.(event.target.files?.[0] ?? undefined);
        onBlur?.();
      }}
    />
  );
}

/**
 * The A1 form: the .pfx/.p12 file and its password, sent once and kept nowhere (the browser only holds them until
 * the answer). Field errors show next to the fields; a refused signature (wrong CPF, expired, untrusted, wrong
 * password…) shows the server's Portuguese reason above the buttons and nothing changes.
 */
export function A1SignatureForm({
  confirm,
  sign,
  onSigned,
  onCancel,
}: {
  /** The confirmation an irreversible signature asks for (UX.md); false leaves the form as it is. */
  confirm: () => Promise<boolean>;
  sign: (file: File, password: string) => Promise<string | null>;
  onSigned: (message: string | null) => Promise<void> | void;
  onCancel: () => void;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useApiForm<Values, z.output<typeof schema>>({
    schema,
    defaultValues: { certificate: undefined, password: '' },
    warnOnLeave: false,
    onSubmit: async (values) => {
      setRefusal(null);
      if (!(await confirm())) return false;
      try {
        const message = await sign(values.certificate, values.password);
        await onSigned(message);
      } catch (error) {
        // Refusals other than a field's stay on the form, next to what the user can change.
        if (isApiError(error) && !error.isValidation) {
          error.markHandled();
          setRefusal(formFailureText(error) || messages.genericErrorShort);
          form.setValue('password', '');
          return false;
        }
        throw error;
      }
    },
  });
  return (
    <ApiForm form={form} label="Assinatura com certificado A1" style={{ maxWidth: 560 }}>
      <FormField name="certificate" label="Certificado A1 (.pfx/.p12)" required>
        <A1FileInput />
      </FormField>
      <FormField
        name="password"
        label="Senha do certificado"
        required
        help="A senha e o arquivo são usados só nesta assinatura e não ficam guardados."
      >
        <Input.Password autoComplete="off" />
      </FormField>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="A assinatura não foi aceita"
          description={refusal}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <FormActions submitLabel="Assinar" onCancel={onCancel} />
    </ApiForm>
  );
}
