import { ToolOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import { Result } from 'antd';

/** Stand-in for a SPEC §2 screen that is routed but not delivered yet. */
export function UnderConstruction({ screen }: { screen: string }) {
  return (
    <Result
      icon={<ToolOutlined aria-hidden />}
      title={<h1 style={{ fontSize: 24, margin: 0 }}>Em construção</h1>}
      subTitle={`A tela "${screen}" será entregue em breve.`}
      extra={<Link to="/">Voltar para o início</Link>}
    />
  );
}
