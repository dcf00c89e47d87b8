import { signatureScreenSearch } from '@origem/contract/schemas/signatures';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Card, Descriptions, Space } from 'antd';
import { useRouteId } from '../../lib/use-route-id';
import { useSearchValues } from '../../lib/use-search-values';
import { confirmAction } from '../../ui/confirm-dialog';
import { notifySuccess } from '../../ui/feedback';
import { FlowTag } from '../../ui/flow-tag';
import { PageHeader } from '../../ui/page-header';
import { RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { A1SignatureForm } from './a1-signature-form';
import { signWithA1, useSigningTarget } from './api/sign-a1';

const SUBJECT = { certificado: 'O certificado', declaracao: 'A declaração' } as const;
const LISTS = {
  certificado: { to: '/certificado', label: 'Voltar para os certificados' },
  declaracao: { to: '/declaracao', label: 'Voltar para as declarações' },
} as const;

/**
 * /assinatura-digital-a1/$id?tipo=certificado|declaracao (SPEC §2): signs the record with an A1 certificate — a
 * certificate's first signature (its exporter's legal representative) or second (the entity's official),
 * whichever the server says awaits this user, or a declaration's legal representative's signature. After the
 * success dialog the user is back on the record with its new status.
 */
export function A1SignaturePage() {
  const { id } = useRouteId();
  const { tipo } = useSearchValues(signatureScreenSearch);
  const navigate = useNavigate();
  const query = useSigningTarget(tipo, id);
  const back = LISTS[tipo];
  if (id === null) return <RecordNotFound subject={SUBJECT[tipo]} back={back} />;
  if (query.isPending) return <RecordLoading label="Carregando o documento a assinar" />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        subject={SUBJECT[tipo]}
        what="o documento a assinar"
        back={back}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const target = query.data;
  const path = target.path;
  const leave = () => navigate({ to: target.back });
  return (
    <>
      <PageHeader
        title="Assinatura digital A1"
        hint={target.title}
        tags={<FlowTag flow={target.flow} status={target.status} />}
        backTo={target.back}
      />
      <Card>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={1}
            items={[{ key: 'doc', label: 'Documento', children: target.title }]}
          />
          {path ? (
            <>
              <Alert type="info" showIcon title={target.signer} />
              <A1SignatureForm
                confirm={() =>
                  confirmAction({
                    title: `Assinar: ${target.title}`,
                    content: 'A assinatura digital não pode ser desfeita. Deseja assinar agora?',
                    okText: 'Assinar',
                  })
                }
                sign={(file, password) => signWithA1(path, file, password)}
                onSigned={async (message) => {
                  await notifySuccess(message ?? 'Documento assinado com sucesso!');
                  await leave();
                }}
                onCancel={() => void leave()}
              />
            </>
          ) : (
            <Alert
              type="warning"
              showIcon
              title="Nenhuma assinatura sua está pendente neste documento."
              description="A assinatura digital só está disponível para quem assina, na situação que a aguarda."
            />
          )}
        </Space>
      </Card>
    </>
  );
}
