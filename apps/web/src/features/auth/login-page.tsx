import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { messages } from '@origem/contract/messages.pt';
import type { UserDetail } from '@origem/contract/schemas/auth';
import { Link, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { Button, Flex } from 'antd';
// The two inputs themselves, not antd's Input namespace (which brings TextArea, Search and OTP along).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactElement, useId, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { safeRedirect } from '../../lib/redirect';
import { LazyAlert } from '../../ui/lazy-alert';
import { useDesignToken } from '../../ui/use-design-token';
import { type MfaChallenge, signIn, signInWithCode } from './api/sign-in';
import { AuthCard } from './auth-card';

/**
 * The login form is the first screen anyone loads, and its JavaScript budget is 200 KB gzipped (issue 10,
 * `npm run size`). It is two fields, so it checks them itself instead of going through the shared form helper
 * (react-hook-form, zod and antd's Form: about 70 KB gzipped that no other public screen needs at once).
 */

type Values = { email: string; password: string };
type Errors = Partial<Record<keyof Values, string>>;
type Failure = { message: string; blocked: boolean };

// The e-mail rule of the contract's forms (zod's email check), without zod.
const EMAIL =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

function check(values: Values): Errors {
  const errors: Errors = {};
  const email = values.email.trim();
  if (!email) errors.email = messages.field.required;
  else if (!EMAIL.test(email)) errors.email = messages.field.email;
  if (!values.password) errors.password = messages.field.required;
  return errors;
}

type InputA11y = {
  id: string;
  status: 'error' | undefined;
  'aria-required': true;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** A labelled field with its error below, drawn like the other forms' fields (antd's vertical layout). */
function Field({
  label,
  error,
  input,
}: {
  label: string;
  error?: string;
  input: (a11y: InputA11y) => ReactElement;
}) {
  const token = useDesignToken();
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <div style={{ paddingBottom: token.paddingXS, color: token.colorTextHeading }}>
        {/* The required mark sits outside the label, so the field's accessible name is the label alone. */}
        <span aria-hidden style={{ color: token.colorError, marginInlineEnd: 4 }}>
          *
        </span>
        <label htmlFor={id}>{label}</label>
      </div>
      {input({
        id,
        status: error ? 'error' : undefined,
        'aria-required': true,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? helpId : undefined,
      })}
      {error ? (
        <div id={helpId} style={{ color: token.colorError, marginTop: 2 }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Loads the code of the screen a sign-in leads to — the signed-in frame (menu, header) and the screen itself, lazy
 * chunks — while the sign-in requests are on their way, so the frame and the first screen paint together as soon as
 * the session is stored instead of after one more download (issue 21).
 */
function usePreloadScreen(): (href: string) => void {
  const router = useRouter();
  return (href) => {
    const [routes] = router.getMatchedRoutes(new URL(href, window.location.origin).pathname);
    for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined);
  };
}

export function LoginPage() {
  const navigate = useNavigate();
  const preloadScreen = usePreloadScreen();
  const search = useSearch({ from: '/public/login' });
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // Issue 24: after a right password, a user with a second factor is asked for the code.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  const change = (name: keyof Values) => (event: { target: { value: string } }) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    // Like the other forms ("onTouched"): once submitted, the errors follow the typing.
    if (touched) setErrors(check(next));
  };

  const enter = async (user: UserDetail, target: string) => {
    if (user.mfa.enrollment_only) await navigate({ to: '/ativar-verificacao' });
    else if (user.change_password) await navigate({ to: '/redefinir-senha' });
    else await navigate({ href: target });
  };

  const showFailure = (error: unknown) => {
    // 401: wrong credentials or a locked account — the server's message says which (SPEC §8). Any other
    // failure (no answer, a server error) says so in the same place.
    const blocked = isApiError(error) && error.status === 401;
    const text = isApiError(error) && !(error.status === 0 || error.status >= 500) ? error.message : '';
    setFailure({
      blocked,
      message: text || (blocked ? messages.auth.blockedUser : messages.genericErrorShort),
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const found = check(values);
    setErrors(found);
    if (found.email || found.password || sending) return;
    setFailure(null);
    setSending(true);
    const target = safeRedirect(search.redirect) ?? '/';
    preloadScreen(target);
    try {
      const result = await signIn(values.email.trim(), values.password);
      if ('mfaToken' in result) setChallenge(result);
      else await enter(result, target);
    } catch (error) {
      showFailure(error);
    } finally {
      setSending(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge || sending) return;
    if (!code.trim()) {
      setCodeError(messages.field.required);
      return;
    }
    setCodeError(undefined);
    setFailure(null);
    setSending(true);
    try {
      await enter(await signInWithCode(challenge, code.trim()), safeRedirect(search.redirect) ?? '/');
    } catch (error) {
      // An expired challenge starts over from the password.
      if (isApiError(error) && error.message === messages.mfa.challengeExpired) setChallenge(null);
      setCode('');
      showFailure(error);
    } finally {
      setSending(false);
    }
  };

  if (challenge) {
    return (
      <AuthCard
        title="Verificação em duas etapas"
        hint="Digite o código de 6 dígitos do aplicativo autenticador."
      >
        {failure ? (
          <div style={{ marginBottom: 16 }}>
            <LazyAlert type="error" showIcon role="alert" title={failure.message} />
          </div>
        ) : null}
        <form onSubmit={(event) => void submitCode(event)} noValidate aria-label="Verificação em duas etapas">
          <Field
            label="Código de verificação"
            error={codeError}
            input={(a11y) => (
              <Input
                {...a11y}
                autoComplete="one-time-code"
                inputMode="numeric"
                autoFocus
                maxLength={20}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            )}
          />
          <p style={{ marginTop: -12 }}>Sem o aplicativo? Use um dos seus códigos de recuperação.</p>
          <Button type="primary" htmlType="submit" block size="large" loading={sending} disabled={sending}>
            Verificar
          </Button>
          <Flex justify="center" style={{ marginTop: 16 }}>
            <Button type="link" onClick={() => setChallenge(null)}>
              Voltar
            </Button>
          </Flex>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Entrar no Origem" hint="Use o e-mail e a senha cadastrados.">
      <Flex vertical gap={12} style={{ marginBottom: 8 }}>
        {search.senha === 'redefinida' && !failure ? (
          <LazyAlert type="success" showIcon title="Senha redefinida com sucesso. Entre com a nova senha." />
        ) : null}
        {search.sessao === 'expirada' && !failure ? (
          <LazyAlert type="warning" showIcon title={messages.unauthenticated} />
        ) : null}
        {failure ? (
          <LazyAlert
            type="error"
            showIcon
            role="alert"
            icon={failure.blocked ? <LockOutlined /> : undefined}
            title={failure.message}
          />
        ) : null}
      </Flex>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Entrar">
        <Field
          label="E-mail"
          error={errors.email}
          input={(a11y) => (
            <Input
              {...a11y}
              type="email"
              autoComplete="username"
              prefix={<MailOutlined aria-hidden />}
              autoFocus
              value={values.email}
              onChange={change('email')}
            />
          )}
        />
        <Field
          label="Senha"
          error={errors.password}
          input={(a11y) => (
            <Password
              {...a11y}
              autoComplete="current-password"
              prefix={<LockOutlined aria-hidden />}
              value={values.password}
              onChange={change('password')}
            />
          )}
        />
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to="/esqueceu-senha">Esqueceu a senha?</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block size="large" loading={sending} disabled={sending}>
          Entrar
        </Button>
        <p style={{ margin: '16px 0 0', textAlign: 'center' }}>
          Ainda não tem acesso? <Link to="/pre-cadastro">Faça o pré-cadastro da sua empresa</Link>
        </p>
      </form>
    </AuthCard>
  );
}
