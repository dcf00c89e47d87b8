import forge from 'node-forge';
import { SignatureRefused } from './errors';

/** An A1 certificate opened in memory: the key and certificate as PEM text, never written anywhere. */
export type SigningIdentity = { privateKeyPem: string; certificatePem: string };

/**
 * Opens a PKCS#12 (.pfx/.p12) from its bytes with its password. node-forge reads both OpenSSL 3's default format
 * (AES-256/PBKDF2) and the legacy one; the bytes stay in this process's memory and are dropped by the caller.
 */
export function openPkcs12(bytes: Buffer, password: string): SigningIdentity {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch {
    throw new SignatureRefused(
      'Não foi possível abrir o certificado A1: verifique o arquivo (.pfx/.p12) e a senha.',
    );
  }
  const bags = (type: string): forge.pkcs12.Bag[] => p12.getBags({ bagType: type })[type] ?? [];
  // PKCS#12 bag types (forge's pki.oids names them; its typings do not).
  const keyBags = [...bags('1.2.840.113549.1.12.10.1.2'), ...bags('1.2.840.113549.1.12.10.1.1')];
  const certBags = bags('1.2.840.113549.1.12.10.1.3');
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new SignatureRefused('O arquivo do certificado A1 não contém a chave privada.');
  // The signer's certificate is the one whose public key matches the private key (the file may carry the chain).
  const modulus = key.n.toString(16);
  const cert = certBags
    .map((bag) => bag.cert)
    .find(
      (c): c is forge.pki.Certificate =>
        !!c && (c.publicKey as forge.pki.rsa.PublicKey).n?.toString(16) === modulus,
    );
  if (!cert) throw new SignatureRefused('O arquivo do certificado A1 não contém o certificado da chave.');
  return { privateKeyPem: forge.pki.privateKeyToPem(key), certificatePem: forge.pki.certificateToPem(cert) };
}
