import { Col, Row, Space } from 'antd';
import {
  DeclarationHeader,
  DeclarationHistoryCard,
  DeclarationStatusNotice,
  WithDeclaration,
} from './declaration-detail';
import { DeclarationReadOnly } from './declaration-sections';

/** /declaracao-consulta/$id: the declaration read-only, with its documents and history. */
export function DeclarationConsultPage() {
  return (
    <WithDeclaration>
      {(declaration) => (
        <>
          <DeclarationHeader declaration={declaration} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={17}>
              <DeclarationReadOnly declaration={declaration} />
            </Col>
            <Col xs={24} xl={7}>
              <Space orientation="vertical" size={16} style={{ width: '100%' }}>
                <DeclarationStatusNotice declaration={declaration} />
                <DeclarationHistoryCard declaration={declaration} />
              </Space>
            </Col>
          </Row>
        </>
      )}
    </WithDeclaration>
  );
}
