import {
  AuditOutlined,
  FileProtectOutlined,
  LinkOutlined,
  LoginOutlined,
  SafetyCertificateOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '../../lib/session';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <SafetyCertificateOutlined />,
    title: 'Certificados de origem',
    text: 'Emita, assine digitalmente (A1 ou A3), substitua ou cancele certificados nos acordos comerciais.',
  },
  {
    icon: <FileProtectOutlined />,
    title: 'Declarações de origem',
    text: 'Cadastre declarações de produtos e acompanhe a análise pela entidade emissora.',
  },
  {
    icon: <LinkOutlined />,
    title: 'Vínculos',
    text: 'Exportadores, despachantes e fabricantes trabalham juntos por vínculos aprovados.',
  },
  {
    icon: <AuditOutlined />,
    title: 'Transparência',
    text: 'Cada etapa fica registrada: quem fez, quando e o que mudou.',
  },
];

/** Public landing page (also where logout ends). */
export function WelcomePage() {
  const navigate = useNavigate();
  const { isSignedIn } = useSession();
  return (
    <Flex vertical gap={32} style={{ width: '100%', paddingTop: 24 }}>
      <div style={{ textAlign: 'center' }}>
        <Typography.Title level={1} style={{ fontSize: 36, marginBottom: 8 }}>
          Bem-vindo ao Origem
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 16, maxWidth: 640, margin: '0 auto' }}>
          O Origem é o sistema de emissão e gestão de certificados de origem da rede de federações e
          associações comerciais, para exportadores, despachantes, fabricantes e analistas.
        </Typography.Paragraph>
        <Flex gap={12} justify="center" wrap style={{ marginTop: 24 }}>
          {isSignedIn ? (
            <Button type="primary" size="large" onClick={() => void navigate({ to: '/' })}>
              Ir para o início
            </Button>
          ) : (
            <Button
              type="primary"
              size="large"
              icon={<LoginOutlined aria-hidden />}
              onClick={() => void navigate({ to: '/login' })}
            >
              Entrar
            </Button>
          )}
          <Button
            size="large"
            icon={<UserAddOutlined aria-hidden />}
            onClick={() => void navigate({ to: '/pre-cadastro' })}
          >
            Pré-cadastro
          </Button>
        </Flex>
        {isSignedIn ? null : (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            Exportador ou despachante ainda sem acesso? Faça o pré-cadastro e aguarde a análise da sua
            associação.
          </Typography.Paragraph>
        )}
      </div>
      <Row gutter={[16, 16]}>
        {FEATURES.map((feature) => (
          <Col key={feature.title} xs={24} sm={12} lg={6}>
            <Card style={{ height: '100%' }}>
              <div style={{ fontSize: 28, color: '#0b5cad' }} aria-hidden>
                {feature.icon}
              </div>
              <Typography.Title level={2} style={{ fontSize: 16, marginTop: 8 }}>
                {feature.title}
              </Typography.Title>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {feature.text}
              </Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
