import { Link } from '@tanstack/react-router';
import { Result } from 'antd';
import { PublicLayout } from './layout/public-layout';

/** Any path outside SPEC §2. */
export function NotFoundPage() {
  return (
    <PublicLayout>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>Página não encontrada</h1>}
        subTitle="O endereço acessado não existe ou foi alterado."
        extra={<Link to="/">Ir para o início</Link>}
      />
    </PublicLayout>
  );
}
