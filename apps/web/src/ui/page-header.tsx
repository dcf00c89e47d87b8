import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Button, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

export type PageHeaderProps = {
  title: ReactNode;
  /** One line saying what the screen holds. */
  hint?: ReactNode;
  /** Status tag or other identity markers next to the title. */
  tags?: ReactNode;
  /** Actions on the right (primary action last). */
  extra?: ReactNode;
  /** Shows a 'Voltar' button to this path (detail screens). */
  backTo?: string;
};

/** Screen header: h1 title, one-line hint, actions on the right. */
export function PageHeader({ title, hint, tags, extra, backTo }: PageHeaderProps) {
  const navigate = useNavigate();
  return (
    <Flex
      component="header"
      justify="space-between"
      align="flex-start"
      gap={16}
      wrap
      style={{ marginBottom: 16 }}
    >
      <div style={{ minWidth: 0 }}>
        {backTo ? (
          <div>
            <Button
              type="link"
              icon={<ArrowLeftOutlined aria-hidden />}
              style={{ paddingInline: 0, height: 'auto', marginBottom: 4 }}
              onClick={() => void navigate({ to: backTo })}
            >
              Voltar
            </Button>
          </div>
        ) : null}
        <Space align="center" wrap>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {title}
          </Typography.Title>
          {tags}
        </Space>
        {hint ? (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {hint}
          </Typography.Paragraph>
        ) : null}
      </div>
      {extra ? <Space wrap>{extra}</Space> : null}
    </Flex>
  );
}
