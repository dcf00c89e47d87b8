import { RightOutlined } from '@ant-design/icons';
import { Link, useNavigate } from '@tanstack/react-router';
import { Card, Flex, Space, Tag, Typography } from 'antd';
import { type ReactNode, useId } from 'react';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/page-header';
import { OTHER_CADASTROS } from './cadastros-links';
import { LOOKUP_DEFINITIONS, lookupPath } from './find-lookup';

type HubCardProps = { to: string; title: string; hint: string; tag?: ReactNode };

/** A card naming a screen: the title is the link (keyboard, screen readers); the whole card takes the click. */
function HubCard({ to, title, hint, tag }: HubCardProps) {
  const navigate = useNavigate();
  return (
    <Card
      hoverable
      size="small"
      style={{ height: '100%', cursor: 'pointer' }}
      styles={{ body: { padding: 16 } }}
      onClick={() => void navigate({ to })}
    >
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Link
          to={to}
          onClick={(event) => event.stopPropagation()}
          style={{ fontSize: 16, fontWeight: 600, minWidth: 0 }}
        >
          {title}
        </Link>
        <Flex align="center" gap={8} style={{ flex: 'none', marginTop: 2 }}>
          {tag}
          <RightOutlined aria-hidden style={{ color: '#8c8c8c' }} />
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {hint}
      </Typography.Paragraph>
    </Card>
  );
}

function HubSection({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Typography.Title id={id} level={2} style={{ fontSize: 18, margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 12px' }}>
        {hint}
      </Typography.Paragraph>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
          gap: 16,
        }}
      >
        {children}
      </div>
    </section>
  );
}

/** /cadastros: a card per lookup table of the contract, then the other reference-data screens the user may open. */
export function LookupsHubPage() {
  const { can } = useSession();
  const others = OTHER_CADASTROS.filter((link) => can(link.permission));
  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <PageHeader
        title="Tabelas auxiliares"
        hint="Os valores de referência escolhidos nos cadastros, declarações e certificados."
      />
      <HubSection
        title="Listas de valores"
        hint="Valores oferecidos nas listas de seleção. As tabelas fixas são usadas pelo sistema e não se alteram."
      >
        {LOOKUP_DEFINITIONS.map((def) => (
          <HubCard
            key={def.key}
            to={lookupPath(def)}
            title={def.title}
            hint={def.hint}
            tag={def.readOnly ? <Tag>Somente leitura</Tag> : undefined}
          />
        ))}
      </HubSection>
      {others.length > 0 ? (
        <HubSection title="Outros cadastros" hint="Acordos, normas e a nomenclatura das mercadorias.">
          {others.map((link) => (
            <HubCard key={link.to} to={link.to} title={link.title} hint={link.hint} />
          ))}
        </HubSection>
      ) : null}
    </Space>
  );
}
