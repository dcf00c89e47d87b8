import { ToolOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Button, Result } from 'antd';

/** Shown while the system is under maintenance. */
export function MaintenancePage() {
  const navigate = useNavigate();
  return (
    <Result
      icon={<ToolOutlined aria-hidden />}
      title={<h1 style={{ fontSize: 24, margin: 0 }}>Sistema em manutenção</h1>}
      subTitle="Estamos realizando melhorias no Origem. Tente novamente em alguns instantes."
      extra={
        <Button type="primary" onClick={() => void navigate({ to: '/' })}>
          Tentar novamente
        </Button>
      }
    />
  );
}
