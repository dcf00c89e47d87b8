import { readFileSync } from 'node:fs';
import { COD_FORMS, COD_VERSION_ACRONYMS, COD_VERSIONS } from '@origem/contract/schemas/cod-settings';
import { DOMParser, XMLSerializer, type Node as XmlNode } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { type CodSchemaFile, DERIVED_STAGE_FILES, schemaFilePath } from './schemas';
import { deriveStageSchema } from './stage-schemas';

const read = (file: CodSchemaFile) => readFileSync(schemaFilePath(file), 'utf8');

/** The schema's element tree alone: comments and layout whitespace removed, so two files compare by structure. */
function structure(xsd: string): string {
  const doc = new DOMParser().parseFromString(xsd, 'text/xml') as unknown as Document;
  const strip = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 8 || (child.nodeType === 3 && !child.nodeValue?.trim())) node.removeChild(child);
      else strip(child);
    }
  };
  strip(doc);
  return new XMLSerializer().serializeToString(doc as unknown as XmlNode);
}

describe('COD stage schemas', () => {
  it('the derivation reproduces ALADI’s own 1.8.2 stage schemas from its complete one', () => {
    const complete = read('cod_ver_1.8.2.xsd');
    expect(structure(deriveStageSchema(complete, 'exporter_signed', 'cod_ver_1.8.2.xsd'))).toBe(
      structure(read('cod_ver_1.8.2_exporter_signed.xsd')),
    );
    expect(structure(deriveStageSchema(complete, 'exporter_unsigned', 'cod_ver_1.8.2.xsd'))).toBe(
      structure(read('cod_ver_1.8.2_exporter_unsigned.xsd')),
    );
  });

  it('the committed 1.8.3 and 4.1.0 stage schemas are exactly what the derivation writes', () => {
    expect(DERIVED_STAGE_FILES.map((d) => d.file)).toEqual([
      'cod_ver_1.8.3_exporter_unsigned.xsd',
      'cod_ver_1.8.3_exporter_signed.xsd',
      'cod_ver_4.1.0_exporter_unsigned.xsd',
      'cod_ver_4.1.0_exporter_signed.xsd',
    ]);
    for (const { file, source, stage } of DERIVED_STAGE_FILES) {
      expect(read(file), `${file}: rode node --import tsx apps/api/scripts/derive-cod-schemas.ts`).toBe(
        deriveStageSchema(read(source), stage, source),
      );
    }
  });
});

describe('the versions the product writes, as their schemas define them', () => {
  /** The values of a simple type's enumeration, or the forms of the COD's choice, read from the XSD. */
  const read = (version: string) =>
    readFileSync(schemaFilePath(`cod_ver_${version}.xsd` as CodSchemaFile), 'utf8');
  const acronyms = (xsd: string) => {
    const type = /<xs:simpleType name="Acronyms">([\s\S]*?)<\/xs:simpleType>/.exec(xsd)?.[1] ?? '';
    return [...type.matchAll(/<xs:enumeration value="([^"]+)"/g)].map((m) => m[1]);
  };
  const forms = (xsd: string) =>
    [...xsd.matchAll(/<xs:element\s+name="Form([A-Z0-9]+)"\s+type=/g)].map((m) => m[1]);

  it('each version’s agreement acronyms (the deal screen’s check) are its schema’s, and it defines our forms', () => {
    for (const version of COD_VERSIONS) {
      const xsd = read(version);
      expect(COD_VERSION_ACRONYMS[version]).toEqual(acronyms(xsd));
      const defined = forms(xsd);
      for (const form of COD_FORMS) expect(defined).toContain(form);
    }
    expect(COD_VERSION_ACRONYMS['1.8.3']).not.toContain('A74');
    expect(COD_VERSION_ACRONYMS['4.1.0']).toContain('A74');
  });
});
