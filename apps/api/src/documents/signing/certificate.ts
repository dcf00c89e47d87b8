import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { SignatureRefused } from './errors';

/** ICP-Brasil's otherName for a natural person (e-CPF): birth date (8), CPF (11), NIS, RG… */
const ICP_PERSON_OID = '2.16.76.1.3.1';
const SAN_OID = '2.5.29.17';

export type SignerFacts = {
  subject: string;
  commonName: string;
  cpf: string | null;
  validFrom: Date;
  validTo: Date;
};

/**
 * The PEM of a certificate's base64 as XMLDSig's `X509Certificate` carries it (wrapped or not, CR/LF, spaces): lines
 * of 64 characters and no empty one — when the base64 fills its last line (a DER of 48n−2 to 48n bytes), an empty
 * line before `-----END` is a PEM that OpenSSL refuses (issue 35).
 */
export const pemOfBase64 = (base64: string) => {
  const lines = base64.replace(/\s+/g, '').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
};

// The same few signers' certificates are read again on every verification (the XML check, the facts, the chain:
// three parses each, forge's the slowest). A certificate is immutable, so its parsed form is kept by its PEM text;
// bounded, as the PEMs come from uploaded documents.
const PARSED_LIMIT = 256;
const parsed = new Map<string, { x509: X509Certificate; facts: SignerFacts }>();

function parse(pem: string) {
  let entry = parsed.get(pem);
  if (!entry) {
    const x509 = new X509Certificate(pem);
    entry = { x509, facts: readFacts(pem, x509) };
    if (parsed.size >= PARSED_LIMIT) parsed.clear();
    parsed.set(pem, entry);
  }
  return entry;
}

/** The certificate of a PEM, parsed once (throws on an invalid one, as `new X509Certificate` does). */
export const x509Of = (pem: string): X509Certificate => parse(pem).x509;

/** The CPF of an ICP-Brasil e-CPF: its subjectAltName otherName 2.16.76.1.3.1, else the `NAME:CPF` common name. */
export function signerFacts(pem: string): SignerFacts {
  const { facts } = parse(pem);
  return { ...facts, validFrom: new Date(facts.validFrom), validTo: new Date(facts.validTo) };
}

function readFacts(pem: string, x509: X509Certificate): SignerFacts {
  const cert = forge.pki.certificateFromPem(pem);
  const commonName = String(cert.subject.getField('CN')?.value ?? '');
  let cpf: string | null = null;
  const san = cert.extensions.find((e) => e.id === SAN_OID) as { value?: string } | undefined;
  if (san?.value) {
    const names = forge.asn1.fromDer(san.value);
    for (const name of names.value as forge.asn1.Asn1[]) {
      // otherName is [0] constructed: type-id OID, then [0] EXPLICIT value.
      if (name.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC || name.type !== 0) continue;
      const [oid, wrapped] = name.value as forge.asn1.Asn1[];
      if (!oid || forge.asn1.derToOid(oid.value as string) !== ICP_PERSON_OID) continue;
      const inner = (wrapped?.value as forge.asn1.Asn1[] | undefined)?.[0];
      const text = typeof inner?.value === 'string' ? inner.value : '';
      const digits = text.slice(8, 19);
      if (/^[0-9]{11}$/.test(digits)) cpf = digits;
    }
  }
  if (!cpf) {
    const match = /:(\d{11})$/.exec(commonName);
    cpf = match?.[1] ?? null;
  }
  return {
    subject: x509.subject.replace(/\n/g, ', '),
    commonName,
    cpf,
    validFrom: new Date(x509.validFrom),
    validTo: new Date(x509.validTo),
  };
}

/** Parses a PEM bundle (the trust list) into certificates. */
export function parseTrustList(pemBundle: string): X509Certificate[] {
  const blocks = pemBundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new X509Certificate(block));
}

const within = (c: X509Certificate, at: Date) =>
  new Date(c.validFrom).getTime() <= at.getTime() && at.getTime() <= new Date(c.validTo).getTime();

/**
 * The certificate as a customs office checks it, whoever the signer should be: valid at signing time, chaining
 * through the trust list (roots and the intermediates of ICP-Brasil, or the tests' CA) to a self-signed root, every
 * link valid then. Throws a refusal naming what failed.
 */
export function checkChain(pem: string, options: { trust: X509Certificate[]; at: Date }): SignerFacts {
  const { trust, at } = options;
  const facts = signerFacts(pem);
  let current = x509Of(pem);
  if (!within(current, at)) {
    throw new SignatureRefused(
      `O certificado digital de ${facts.commonName || 'quem assinou'} não estava válido na data da assinatura (validade ${new Date(current.validFrom).toLocaleDateString('pt-BR')} a ${new Date(current.validTo).toLocaleDateString('pt-BR')}).`,
    );
  }
  for (let depth = 0; ; depth++) {
    const issuer = trust.find((ca) => current.checkIssued(ca) && current.verify(ca.publicKey));
    if (!issuer || depth > 8 || !within(issuer, at)) {
      throw new SignatureRefused(
        'O certificado digital não foi emitido por uma autoridade certificadora confiável (ICP-Brasil).',
      );
    }
    if (issuer.checkIssued(issuer)) break;
    current = issuer;
  }
  return facts;
}

/** The trust-list certificates above `pem` (intermediates and root), for embedding next to a signature. */
export function chainOf(pem: string, trust: X509Certificate[]): X509Certificate[] {
  const chain: X509Certificate[] = [];
  let current = new X509Certificate(pem);
  for (let depth = 0; depth < 8; depth++) {
    const issuer = trust.find((ca) => current.checkIssued(ca) && current.verify(ca.publicKey));
    if (!issuer || chain.includes(issuer)) break;
    chain.push(issuer);
    if (issuer.checkIssued(issuer)) break;
    current = issuer;
  }
  return chain;
}

/**
 * The chain of `certificate` from a pool of candidates (a CMS's certificates, a DSS, the trust list): the
 * certificate first, then each issuer whose key verifies it, up to a self-signed root or the first gap.
 */
export function chainFrom(certificate: X509Certificate, pool: X509Certificate[]): X509Certificate[] {
  const chain = [certificate];
  let current = certificate;
  for (let depth = 0; depth < 8; depth++) {
    if (current.checkIssued(current)) break;
    const issuer = pool.find((c) => current.checkIssued(c) && current.verify(c.publicKey));
    if (!issuer || chain.some((c) => c.raw.equals(issuer.raw))) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain;
}

/** `checkChain`, and the CPF equal to the one expected (the legal representative's, the official's). */
export function checkSigner(
  pem: string,
  options: { trust: X509Certificate[]; at: Date; cpf: string; who: string },
): SignerFacts {
  const facts = checkChain(pem, options);
  const expected = options.cpf.replace(/\D/g, '');
  if (!facts.cpf || facts.cpf !== expected) {
    throw new SignatureRefused(
      `O CPF do certificado digital (${facts.cpf ?? 'não encontrado'}) não é o CPF ${options.who}.`,
    );
  }
  return facts;
}
