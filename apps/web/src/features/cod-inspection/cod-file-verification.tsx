import { FileProtectOutlined } from '@ant-design/icons';
import { Card, Space, Typography } from 'antd';
import { CodUploadBlock } from './cod-upload-block';

/** The public verification page's block for a COD file the visitor holds (issue 14): no sign-in. */
export function CodFileVerificationCard({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  return (
    <Card style={{ width: '100%', maxWidth: 960, marginTop: headingLevel === 1 ? 24 : 0 }}>
      <Space align="center" style={{ marginBottom: 8 }}>
        <FileProtectOutlined style={{ fontSize: 24 }} aria-hidden />
        <Typography.Title level={headingLevel} style={{ fontSize: headingLevel === 1 ? 22 : 18, margin: 0 }}>
          Verificar um arquivo COD (XML)
        </Typography.Title>
      </Space>
      <Typography.Paragraph type="secondary">
        Tem o Certificado de Origem Digital em XML? Envie o arquivo para conferir o esquema da ALADI, as
        assinaturas do exportador e da entidade e ver o seu conteúdo.
      </Typography.Paragraph>
      <CodUploadBlock audience="public" />
    </Card>
  );
}

/** /verificar-cod: the same check for a visitor who has only the file, not the printed code. */
export function CodFileVerificationPage() {
  return <CodFileVerificationCard headingLevel={1} />;
}
