import { mkdirSync, writeFileSync } from 'node:fs';
import { startLoopbackPki } from '../apps/api/src/test/loopback-pki';

/**
 * The browser tests' loopback PKI (issue 37), run beside the product server as one of Playwright's web servers:
 * OpenSSL as CA, OCSP responder, CRL issuer and time-stamping authority (TSA_URL of the server). It writes the
 * issuing CA's key and certificate and the trust list to E2E_PKI_DIR, where the signature steps read them to
 * issue A1 certificates the server trusts and asks about.
 */
const SEAL_PASSWORD = 'selo-e2e';
const port = Number(process.env.E2E_PKI_PORT);
const dir = process.env.E2E_PKI_DIR ?? '';
const pki = await startLoopbackPki('origem-e2e-pki-', { port, holdReady: true });
mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}/ca.key`, pki.caKeyPem, { mode: 0o600 });
writeFileSync(`${dir}/ca.pem`, pki.caPem);
writeFileSync(`${dir}/trust.pem`, pki.trustPem);
writeFileSync(`${dir}/crl-url`, pki.crlUrl('ac'));
// The entity's seal (SIGNATURE_SEAL_PFX), issued by the same CA: the sealed PDFs verify as trusted.
const seal = await pki.issuePerson({ name: 'ASSOCIACAO COMERCIAL DE SANTOS', cpf: '11222333000' });
writeFileSync(`${dir}/seal.p12`, await pki.pkcs12(seal, SEAL_PASSWORD));
// Only now does /health answer: Playwright starts the tests once every file above is there.
pki.settings.ready = true;
const stop = () => void pki.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
