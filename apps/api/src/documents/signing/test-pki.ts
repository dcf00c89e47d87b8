import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/**
 * A throw-away PKI for tests: a root CA standing in for ICP-Brasil and e-CPF certificates it issues, with the CPF
 * in the subjectAltName otherName 2.16.76.1.3.1 and the `NAME:CPF` common name, exported as PKCS#12 like an A1.
 */

const DAY = 86_400_000;

/** A key and its certificate; a CA may name the CRL address its certificates carry (the loopback PKI's). */
export type Issued = {
  keyPem: string;
  certPem: string;
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  crlUrl?: string;
};

/** A CA made elsewhere (the loopback PKI's issuing CA, by OpenSSL) as one this file issues with. */
export function caOf(keyPem: string, certPem: string, crlUrl?: string): Issued {
  return {
    keyPem,
    certPem,
    key: forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey,
    cert: forge.pki.certificateFromPem(certPem),
    crlUrl,
  };
}

export function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    keyPem,
    key: forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey,
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

let serial = 1;

/** A root CA valid for ten years from `notBefore` (ten days ago unless a test signs documents dated earlier). */
export function testCa(name = 'AC Teste Origem', notBefore = new Date(Date.now() - 10 * DAY)): Issued {
  const { keyPem, key, publicKey } = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(2, '0');
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = new Date(Date.now() + 3650 * DAY);
  const attrs = [
    { name: 'commonName', value: name },
    { name: 'organizationName', value: 'ICP-Teste' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return { keyPem, key, cert, certPem: forge.pki.certificateToPem(cert) };
}

/** ICP-Brasil's e-CPF otherName value: birth date, CPF, NIS, RG and issuer (here zeros). */
export function icpPersonSan(cpf: string): string {
  const { asn1 } = forge;
  const value = `01011980${cpf}${'0'.repeat(11)}${'0'.repeat(15)}SSPSP`;
  const names = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer('2.16.76.1.3.1').getBytes()),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, value),
      ]),
    ]),
  ]);
  return asn1.toDer(names).getBytes();
}

export type PersonOptions = {
  name: string;
  cpf: string;
  /** The CPF the certificate says in its otherName (defaults to `cpf`; the CN always carries `cpf`). */
  sanCpf?: string | null;
  notBefore?: Date;
  notAfter?: Date;
};

export function testPerson(ca: Issued, o: PersonOptions): Issued {
  const { keyPem, key, publicKey } = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(2, '0');
  cert.validity.notBefore = o.notBefore ?? new Date(Date.now() - DAY);
  cert.validity.notAfter = o.notAfter ?? new Date(Date.now() + 365 * DAY);
  cert.setSubject([
    { name: 'countryName', value: 'BR' },
    { name: 'organizationName', value: 'ICP-Teste' },
    { name: 'commonName', value: `${o.name}:${o.cpf}` },
  ]);
  cert.setIssuer(ca.cert.subject.attributes);
  const sanCpf = o.sanCpf === undefined ? o.cpf : o.sanCpf;
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
    ...(sanCpf ? [{ id: '2.5.29.17', value: icpPersonSan(sanCpf) }] : []),
    // The CA's CRL address, so revocation can be asked of OpenSSL's CRL (test/loopback-pki.ts).
    ...(ca.crlUrl ? [{ name: 'cRLDistributionPoints', altNames: [{ type: 6, value: ca.crlUrl }] }] : []),
  ]);
  cert.sign(ca.key, forge.md.sha256.create());
  return { keyPem, key, cert, certPem: forge.pki.certificateToPem(cert) };
}

/** The person's key and certificate (and the CA's) as a PKCS#12 A1 file. */
export function pkcs12Of(person: Issued, password: string, ca?: Issued): Buffer {
  const p12 = forge.pkcs12.toPkcs12Asn1(person.key, [person.cert, ...(ca ? [ca.cert] : [])], password, {
    algorithm: '3des',
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
