import { Link } from '@tanstack/react-router';
import { Flex, Typography } from 'antd';
import { useSession } from '../../lib/session';

/** Where a draft opens: its edit screen for who creates certificates, the consultation for the others. */
export function useDraftPath(): (id: number) => string {
  const { can } = useSession();
  return (id) => (can('certificate.create') ? `/certificado/${id}` : `/certificado-consulta/${id}`);
}

/** A link to each draft an import created. */
export function DraftLinks({ created }: { created: { group: string; certificate_id: number }[] }) {
  const pathOf = useDraftPath();
  if (created.length === 0)
    return <Typography.Text type="secondary">Nenhum rascunho criado.</Typography.Text>;
  return (
    <Flex gap={8} wrap component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {created.map((draft) => (
        <li key={draft.certificate_id}>
          <Link
            to={pathOf(draft.certificate_id)}
            aria-label={`Rascunho nº ${draft.certificate_id} (${draft.group})`}
          >
            nº {draft.certificate_id}
          </Link>
        </li>
      ))}
    </Flex>
  );
}
