import { useNavigate } from '@tanstack/react-router';
import { Alert, Flex } from 'antd';
import { sessionStore } from '../../lib/session';
import { fetchUserDetail } from '../auth/api/sign-in';
import { AuthCard } from '../auth/auth-card';
import { MfaEnrollment } from './mfa-enrollment';

/** /ativar-verificacao: a user whose role requires a second factor sets it up before anything else (issue 24). */
export function MfaEnrollmentPage() {
  const navigate = useNavigate();
  const done = async () => {
    sessionStore.setUser(await fetchUserDetail());
    await navigate({ to: '/' });
  };
  return (
    <AuthCard title="Ativar a verificação em duas etapas">
      <Flex vertical gap={16}>
        <Alert
          type="info"
          showIcon
          title="O seu perfil exige a verificação em duas etapas. Ative-a para continuar usando o sistema."
        />
        <MfaEnrollment onDone={() => void done()} />
      </Flex>
    </AuthCard>
  );
}
