import { Button, Flex, Input, Typography } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '../../api/api-error';

/**
 * One code field and its button: a code from the authenticator app (or a recovery code where `recovery`). The
 * server's refusal (wrong, replayed, blocked) shows under the field.
 */
export function CodeForm({
  submitText,
  onSubmit,
  recovery = false,
  danger = false,
}: {
  submitText: string;
  onSubmit: (code: string) => Promise<unknown>;
  recovery?: boolean;
  danger?: boolean;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Campo obrigatório.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSubmit(code.trim());
      setCode('');
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      caught.markHandled();
      setError(caught.errors.code?.[0] ?? caught.message);
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {recovery
          ? 'Código do aplicativo autenticador ou de recuperação'
          : 'Código do aplicativo autenticador'}
      </label>
      <Flex gap={8} wrap>
        <Input
          id={id}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 20 : 6}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-help` : undefined}
          style={{ width: 220 }}
        />
        <Button type="primary" htmlType="submit" loading={sending} danger={danger}>
          {submitText}
        </Button>
      </Flex>
      {error ? (
        <Typography.Text id={`${id}-help`} type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </form>
  );
}

/** The ten recovery codes, shown once: a list to copy or print. */
export function RecoveryCodesList({ codes }: { codes: readonly string[] }) {
  return (
    <div>
      <Typography.Paragraph>
        Guarde estes códigos de recuperação em lugar seguro. Cada um entra uma única vez, caso você perca o
        acesso ao aplicativo. Eles não serão mostrados novamente.
      </Typography.Paragraph>
      <ul aria-label="Códigos de recuperação" style={{ columns: 2, fontFamily: 'monospace', fontSize: 16 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
