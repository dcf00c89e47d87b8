import { ArrowRightOutlined, LoginOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { buildMenu } from '../../app/menu';
import type { MenuGroup } from '../../app/route-table';
import { useSession } from '../../lib/session';
import { Dashboard } from './dashboard';

// Descriptions avoid repeating the menu item names, so a screen name on the page is always its menu item.
const AREA_HINTS: Record<MenuGroup, string> = {
  inicio: '',
  certificados: 'Emissão, análise, assinatura digital e acompanhamento.',
  declaracoes: 'Produtos declarados pelos exportadores e fabricantes e sua análise.',
  vinculos: 'Relacionamentos entre as partes de cada operação.',
  cadastros: 'Pessoas, empresas e tabelas de referência.',
  relatorios: 'Faturamento por período, agrupado como você precisa.',
  integracoes: 'Avisos automáticos ao seu sistema quando os seus registros mudam de situação.',
  administracao: 'Gestão de acesso, entidades e registro de atividades.',
};

function VisitorHome() {
  const navigate = useNavigate();
  return (
    <Card style={{ width: '100%', maxWidth: 560, textAlign: 'center' }}>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Origem
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Emissão e gestão de certificados e declarações de origem. Entre para acessar as suas áreas.
      </Typography.Paragraph>
      <Flex gap={12} justify="center" wrap>
        <Button
          type="primary"
          size="large"
          icon={<LoginOutlined aria-hidden />}
          onClick={() => void navigate({ to: '/login' })}
        >
          Entrar
        </Button>
        <Button size="large" onClick={() => void navigate({ to: '/welcome' })}>
          Conhecer o Origem
        </Button>
      </Flex>
    </Card>
  );
}

/** Home ('/'): greets the signed-in user with shortcuts to the areas they reach; a visitor gets a sign-in button. */
export function HomePage() {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user) return <VisitorHome />;
  const sections = buildMenu(user).filter((section) => section.key !== 'inicio');
  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          Olá, {user.name}!
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          Você está conectado como {user.role.display_name}. Escolha uma área para começar.
        </Typography.Paragraph>
      </div>
      {sections.length === 0 ? (
        <Card>
          <Typography.Text>
            Seu perfil ainda não tem acesso a nenhuma área. Procure o administrador do sistema.
          </Typography.Text>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {sections.map((section) => {
            const first = section.items[0];
            return (
              <Col key={section.key} xs={24} md={12} xl={8}>
                <Card style={{ height: '100%' }}>
                  <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
                    {section.label}
                  </Typography.Title>
                  <Typography.Paragraph type="secondary">{AREA_HINTS[section.key]}</Typography.Paragraph>
                  <Flex justify="space-between" align="center">
                    <Typography.Text type="secondary">
                      {section.items.length === 1
                        ? '1 tela disponível'
                        : `${section.items.length} telas disponíveis`}
                    </Typography.Text>
                    {first ? (
                      <Button
                        type="primary"
                        ghost
                        icon={<ArrowRightOutlined aria-hidden />}
                        iconPlacement="end"
                        aria-label={`Abrir a área ${section.label}`}
                        onClick={() => void navigate({ to: first.path })}
                      >
                        Abrir
                      </Button>
                    ) : null}
                  </Flex>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
      {/* Last: it fills in as its figures arrive, and what grows at the bottom pushes nothing down (no layout shift). */}
      {user.permissions.includes('dashboard.view') ? <Dashboard user={user} /> : null}
    </Flex>
  );
}
