import { messages } from '@origem/contract/messages.pt';
import { cloudCallbackSearch, cloudRecordSchema } from '@origem/contract/schemas/cloud-signature';
import { cloudSignaturePath } from '@origem/contract/schemas/signatures';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Card, Result, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useSearchValues } from '../../lib/use-search-values';
import { notifySuccess } from '../../ui/feedback';
import { PageHeader } from '../../ui/page-header';
import { postCallback, recordScreen } from './api/cloud-signing';

type Outcome =
  | { kind: 'working' }
  | {
      kind: 'failed';
      message: string;
      record: { document: 'certificado' | 'declaracao'; record_id: number } | null;
    };

/**
 * /assinatura-nuvem/retorno (issue 38): where a cloud provider sends the browser back, with `code` and `state` (or
 * `error`). The screen hands them to the server once, which completes the signature; on success the user lands on
 * the record with its new status, as after an A1 signature; a refusal is shown here, in the server's words, with
 * the way back to the record.
 */
export function CloudReturnPage() {
  const search = useSearchValues(cloudCallbackSearch);
  const navigate = useNavigate();
  // The provider's answer is read once: the address is cleaned right after, so the code is not kept in history.
  const [returned] = useState(search);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });

  useEffect(() => {
    const { state, code, error, error_description } = returned;
    if (!state) {
      setOutcome({
        kind: 'failed',
        message:
          'O endereço de retorno do provedor está incompleto. Nada foi alterado: comece a assinatura de novo na tela do documento.',
        record: null,
      });
      return;
    }
    window.history.replaceState(window.history.state, '', window.location.pathname);
    let active = true;
    postCallback({ state, code, error, error_description }).then(
      async (result) => {
        if (!active) return;
        await notifySuccess(result.message);
        await navigate({ to: recordScreen(result), replace: true });
      },
      (failure: unknown) => {
        if (!active) return;
        const record = isApiError(failure) ? cloudRecordSchema.safeParse(failure.body) : null;
        setOutcome({
          kind: 'failed',
          message: isApiError(failure) ? failure.message : messages.genericError,
          record: record?.success ? record.data : null,
        });
      },
    );
    return () => {
      active = false;
    };
  }, [returned, navigate]);

  return (
    <>
      <PageHeader title="Assinatura com certificado em nuvem" hint="Retorno do provedor de assinatura" />
      <Card style={{ maxWidth: 880 }}>
        {outcome.kind === 'working' ? (
          <Space role="status" aria-live="polite" style={{ padding: 24 }}>
            <Spin />
            Concluindo a assinatura com o provedor…
          </Space>
        ) : (
          <Result
            status="error"
            title="A assinatura não foi concluída"
            subTitle={<span role="alert">{outcome.message}</span>}
            extra={
              outcome.record ? (
                <Space wrap>
                  <Button
                    type="primary"
                    onClick={() =>
                      void navigate({
                        href: cloudSignaturePath(
                          outcome.record?.document ?? 'certificado',
                          outcome.record?.record_id ?? 0,
                        ),
                      })
                    }
                  >
                    Tentar de novo
                  </Button>
                  <Link to={recordScreen(outcome.record)}>
                    {outcome.record.document === 'declaracao'
                      ? 'Voltar para a declaração'
                      : 'Voltar para o certificado'}
                  </Link>
                </Space>
              ) : (
                <Link to="/">Ir para o início</Link>
              )
            }
          />
        )}
      </Card>
    </>
  );
}
