import { sign } from 'node:crypto';
import forge from 'node-forge';
import { type Issued, icpPersonSan, keyPair } from './test-pki';

/**
 * A series of genuine e-CPF certificates of the test CA, one for every DER length in a range (issue 35): a reader of
 * certificates can fail on some lengths only (a PEM built with an empty line when the base64 fills its last line,
 * one DER length in sixteen), which one fixed test certificate never shows. The subject is shaped like an
 * ICP-Brasil e-CPF's (C, O, the RFB's OUs, the registration authority's OU, `NAME:CPF`), with the CPF in the
 * subjectAltName otherName 2.16.76.1.3.1; the length is set by the registration authority's OU, the holder's name
 * and the serial number, each one byte at a time. One key pair for the whole series, signed natively: a hundred
 * certificates take well under a second.
 */

const DAY = 86_400_000;
const { asn1, pki } = forge;
// forge's typings miss the TBSCertificate builder its own `sign` uses.
const tbsOf = (pki as unknown as { getTBSCertificate: (c: forge.pki.Certificate) => forge.asn1.Asn1 })
  .getTBSCertificate;

/** The three fields that set the length, each one byte longer per step, within what keeps every ASN.1 length form. */
const SERIAL_STEPS = 14; // a 6- to 20-byte serial number, as RFC 5280 allows
const AUTHORITY_STEPS = 50; // the registration authority's OU, up to 54 characters (of 64)
const NAME_STEPS = 40; // the holder's name, up to 47 characters (the CN, with `:CPF`, up to 59 of 64)
const NAME = 'MARIA SILVA SOUZA OLIVEIRA SANTOS PEREIRA COSTA RODRIGUES';

export type SeriesCertificate = Issued & { der: Buffer; cpf: string };

let series = 0;

export function testPersonSeries(
  ca: Issued,
  range: { from: number; to: number },
  cpf = '12345678909',
): SeriesCertificate[] {
  const { keyPem, key, publicKey } = keyPair();
  const batch = (series++).toString(16).padStart(4, '0');
  let index = 0;

  const build = (steps: number, signed: boolean) => {
    const serialExtra = Math.min(steps, SERIAL_STEPS);
    const authorityExtra = Math.min(steps - serialExtra, AUTHORITY_STEPS);
    const nameExtra = steps - serialExtra - authorityExtra;
    if (nameExtra > NAME_STEPS)
      throw new Error(`testPersonSeries: ${steps} passos é mais do que a série alcança`);
    const cert = pki.createCertificate();
    cert.publicKey = publicKey;
    // Positive (first byte below 0x80), unique per certificate, 6 + serialExtra bytes.
    const unique = `7e${batch}${(index++).toString(16).padStart(6, '0')}`;
    cert.serialNumber = unique + '5a'.repeat(serialExtra);
    cert.validity.notBefore = new Date(Date.now() - DAY);
    cert.validity.notAfter = new Date(Date.now() + 365 * DAY);
    // The name never ends in a space (the CN's `NAME:CPF` form is read back).
    const name = NAME.slice(0, 7 + nameExtra).replace(/ $/, 'S');
    cert.setSubject([
      { name: 'countryName', value: 'BR' },
      { name: 'organizationName', value: 'ICP-Brasil' },
      { shortName: 'OU', value: 'Secretaria da Receita Federal do Brasil - RFB' },
      { shortName: 'OU', value: 'RFB e-CPF A1' },
      { shortName: 'OU', value: `AR ORIGEM${'X'.repeat(authorityExtra)}` },
      { name: 'commonName', value: `${name}:${cpf}` },
    ]);
    cert.setIssuer(ca.cert.subject.attributes);
    cert.setExtensions([
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
      { id: '2.5.29.17', value: icpPersonSan(cpf) },
    ]);
    cert.signatureOid = cert.siginfo.algorithmOid = pki.oids.sha256WithRSAEncryption as string;
    if (!signed) {
      // The length only: a 2048-bit RSA signature is always 256 bytes.
      cert.signature = '\0'.repeat(256);
      return cert;
    }
    cert.tbsCertificate = tbsOf(cert);
    const tbs = Buffer.from(asn1.toDer(cert.tbsCertificate).getBytes(), 'binary');
    cert.signature = sign('sha256', tbs, ca.keyPem).toString('binary');
    return cert;
  };
  const length = (cert: forge.pki.Certificate) => asn1.toDer(pki.certificateToAsn1(cert)).length();

  const shortest = length(build(0, false));
  const issued: SeriesCertificate[] = [];
  for (let target = range.from; target <= range.to; target++) {
    const steps = target - shortest;
    if (steps < 0) throw new Error(`testPersonSeries: o menor certificado tem ${shortest} bytes`);
    const cert = build(steps, true);
    const der = Buffer.from(asn1.toDer(pki.certificateToAsn1(cert)).getBytes(), 'binary');
    if (der.length !== target) {
      throw new Error(
        `testPersonSeries: ${der.length} bytes em vez de ${target} (uma forma de comprimento mudou)`,
      );
    }
    issued.push({ keyPem, key, cert, certPem: pki.certificateToPem(cert), der, cpf });
  }
  return issued;
}
