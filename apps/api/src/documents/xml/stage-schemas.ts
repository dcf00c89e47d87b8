import { DOMParser, XMLSerializer, type Node as XmlNode } from '@xmldom/xmldom';

/**
 * ALADI publishes the stage schemas (before any signature, after the exporter's) only for 1.8.2. Its two files differ
 * from `cod_ver_1.8.2.xsd` by removals alone: the exporter-signed one drops `EH`, `CertificationEH` and the entity's
 * `ds:Signature` after `CODEH`; the unsigned one also drops the exporter's `ds:Signature` after `COD` (and the `ds`
 * prefix it no longer uses). The same removals on a complete schema of another version give its stage schemas
 * (scripts/derive-cod-schemas.ts writes them; schemas.test.ts checks they reproduce ALADI's 1.8.2 pair).
 */

export type DerivedStage = 'exporter_signed' | 'exporter_unsigned';

const XS = 'http://www.w3.org/2001/XMLSchema';

const elementChildren = (node: Element, localName: string): Element[] =>
  Array.from(node.childNodes).filter(
    (n): n is Element =>
      n.nodeType === 1 && (n as Element).localName === localName && (n as Element).namespaceURI === XS,
  );

/** The `xs:sequence` of the named element's (or complex type's) anonymous/own complex type. */
function sequenceOf(owner: Element): Element {
  const type = owner.localName === 'complexType' ? owner : elementChildren(owner, 'complexType')[0];
  const sequence = type ? elementChildren(type, 'sequence')[0] : undefined;
  if (!sequence) throw new Error(`esquema sem xs:sequence em ${owner.getAttribute('name')}`);
  return sequence;
}

function namedChild(sequence: Element, name: string): Element {
  const found = elementChildren(sequence, 'element').find((e) => e.getAttribute('name') === name);
  if (!found) throw new Error(`esquema sem o elemento ${name}`);
  return found;
}

function removeSignatureRef(sequence: Element, where: string): void {
  const ref = elementChildren(sequence, 'element').find((e) => e.getAttribute('ref') === 'ds:Signature');
  if (!ref) throw new Error(`esquema sem ds:Signature em ${where}`);
  sequence.removeChild(ref);
}

/** The stage schema derived from a complete COD schema's text, with a comment naming its source. */
export function deriveStageSchema(completeXsd: string, stage: DerivedStage, source: string): string {
  const doc = new DOMParser().parseFromString(completeXsd, 'text/xml') as unknown as Document;
  const root = doc.documentElement;
  const body = elementChildren(root, 'complexType').find((e) => e.getAttribute('name') === 'Body');
  if (!body) throw new Error('esquema sem o tipo Body');
  const bodySequence = sequenceOf(body);
  const codehSequence = sequenceOf(namedChild(bodySequence, 'CODEH'));
  for (const name of ['EH', 'CertificationEH']) codehSequence.removeChild(namedChild(codehSequence, name));
  removeSignatureRef(bodySequence, 'CertOrigin');
  if (stage === 'exporter_unsigned') {
    removeSignatureRef(sequenceOf(namedChild(codehSequence, 'CODExporter')), 'CODExporter');
    root.removeAttribute('xmlns:ds');
  }
  const what =
    stage === 'exporter_unsigned' ? 'antes de qualquer assinatura' : 'após a assinatura do exportador';
  const note = doc.createComment(
    ` Derivado de ${source} por apps/api/scripts/derive-cod-schemas.ts (o COD ${what}), como a ALADI derivou os esquemas de etapa da 1.8.2. `,
  );
  doc.insertBefore(note, root);
  return `${new XMLSerializer().serializeToString(doc as unknown as XmlNode)}\n`;
}
