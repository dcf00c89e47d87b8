import { PageHeader } from '../../ui/page-header';
import { CodUploadBlock } from './cod-upload-block';

/** /certificados/inspecionar-cod: the entities' staff check any COD XML they received (issue 14). */
export function CodInspectionPage() {
  return (
    <>
      <PageHeader
        title="Inspecionar COD"
        hint="Confira um Certificado de Origem Digital (XML da ALADI): esquema, assinaturas, certificados e conteúdo."
      />
      <CodUploadBlock audience="staff" />
    </>
  );
}
