import { UnderConstruction } from '../../ui/under-construction';

/** /exportador/$id (issue 4): placeholder until the screen is delivered. */
export function ExporterEditPage() {
  return <UnderConstruction screen="Exportador" />;
}
