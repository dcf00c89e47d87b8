import { messages } from '@origem/contract/messages.pt';
import { Link } from '@tanstack/react-router';
import { Result } from 'antd';
import type { ReactNode } from 'react';

/** Where a status page leads back to, e.g. `{ to: '/acordos', label: 'Voltar para os acordos' }`. */
export type Back = { to: string; label: string };

const HOME: Back = { to: '/', label: 'Voltar para o início' };

const heading = (text: string) => <h1 style={{ fontSize: 24, margin: 0 }}>{text}</h1>;

/**
 * The one "sem permissão" page: a screen or a record the user's permissions do not reach (a typed or shared
 * link). Always a page in place of the screen, never a dialog, and always with a way back.
 */
export function ForbiddenResult({ detail, back = HOME }: { detail?: ReactNode; back?: Back }) {
  return (
    <Result
      status="403"
      title={heading('Sem permissão')}
      subTitle={
        detail ??
        'Você não tem permissão para abrir esta tela. Se precisar dela, fale com o administrador da sua entidade.'
      }
      extra={<Link to={back.to}>{back.label}</Link>}
    />
  );
}

/**
 * The spec's error page for what does not exist: an unknown address ('Página não encontrada') or a record that
 * is not there ('Registro não encontrado.', SPEC §8), shown in place of the screen — never a dialog on top of it.
 */
export function NotFoundResult({
  title = 'Página não encontrada',
  detail = 'O endereço acessado não existe ou foi alterado.',
  back = { to: '/', label: 'Ir para o início' },
}: {
  title?: string;
  detail?: ReactNode;
  back?: Back;
}) {
  return (
    <Result
      status="404"
      title={heading(title)}
      subTitle={detail}
      extra={<Link to={back.to}>{back.label}</Link>}
    />
  );
}

/** A record's 404: `subject` is 'O acordo', 'A norma de origem'… */
export function RecordNotFoundResult({ subject = 'O cadastro', back }: { subject?: string; back: Back }) {
  return (
    <NotFoundResult
      title={messages.notFound}
      detail={`${subject} pedido não existe, foi excluído ou não está ao seu alcance.`}
      back={back}
    />
  );
}
