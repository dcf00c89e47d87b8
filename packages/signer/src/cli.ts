import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  SIGNER_DOCUMENT_PATH,
  SIGNER_TOKEN_HEADER,
  type SignerDocument,
} from '@origem/contract/schemas/signer';
import { chooseId, readCertificate, signWithToken, TokenError, type TokenOptions } from './pkcs11-tool';
import { signEnveloped } from './xmldsig';

/**
 * origem-assinador: signs a certificate of origin's COD or a declaration of origin with an A3 token. Fetches the
 * document the one-time code opens, signs the part the server names (`#COD`, `#CODEH` or `#Declaration`) on the
 * token (pkcs11-tool) and posts the signed XML back; the server verifies it and answers in Portuguese. Exit code 0
 * when the server accepted the signature.
 */

const TARGET_TEXT: Record<SignerDocument['target'], string> = {
  COD: 'de #COD (exportador)',
  CODEH: 'de #CODEH (entidade)',
  Declaration: 'da declaração de origem (#Declaration)',
};

const HELP = `Uso: origem-assinador --servidor <URL> --codigo=<código> --modulo <biblioteca PKCS#11> [opções]

  --servidor      endereço do Origem (ex.: https://origem.exemplo.org.br)
  --codigo        código de assinatura mostrado na tela "Assinatura digital A3" (escreva --codigo=<código>)
  --modulo        biblioteca PKCS#11 do token (ou ORIGEM_PKCS11_MODULE), ex.: /usr/lib/libeTPkcs11.so
  --token         rótulo do token, se houver mais de um conectado
  --id            CKA_ID (hex) do certificado no token; sem ele, o primeiro certificado
  --pin           PIN do token (ou ORIGEM_PIN; sem ambos, o programa pergunta)

Requer o OpenSC (pkcs11-tool).`;

class Stop extends Error {}

async function askPin(): Promise<string> {
  if (!process.stdin.isTTY) throw new Stop('Informe o PIN com --pin ou ORIGEM_PIN.');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Hide what is typed: the readline echo is replaced by nothing after the prompt.
  const out = rl as unknown as { _writeToOutput: (s: string) => void };
  let prompted = false;
  out._writeToOutput = (s: string) => {
    if (!prompted) process.stdout.write(s);
  };
  const answer = new Promise<string>((resolve) => rl.question('PIN do token: ', resolve));
  prompted = true;
  const pin = await answer;
  rl.close();
  process.stdout.write('\n');
  return pin;
}

async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: string };
    return body.message ?? `HTTP ${res.status}`;
  } catch {
    return `HTTP ${res.status}`;
  }
}

const OPTIONS = {
  servidor: { type: 'string' },
  codigo: { type: 'string' },
  modulo: { type: 'string' },
  token: { type: 'string' },
  id: { type: 'string' },
  pin: { type: 'string' },
  ajuda: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/** The options, or a Portuguese refusal (Node's own message is in English). */
function readOptions(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS }).values;
  } catch (err) {
    const code = (err as { code?: string }).code;
    const why =
      code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
        ? 'um valor começa com "-": escreva a opção e o valor juntos, como --codigo=<código>.'
        : code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
          ? 'opção desconhecida.'
          : 'opções inválidas.';
    console.error(`Não foi possível ler a linha de comando: ${why}\n`);
    return null;
  }
}

export async function main(argv: string[]): Promise<number> {
  const values = readOptions(argv);
  if (!values) {
    console.log(HELP);
    return 2;
  }
  const module = values.modulo ?? process.env.ORIGEM_PKCS11_MODULE;
  if (values.ajuda || values.help || !values.servidor || !values.codigo || !module) {
    console.log(HELP);
    return values.ajuda || values.help ? 0 : 2;
  }
  const url = new URL(SIGNER_DOCUMENT_PATH, values.servidor).toString();
  const headers = { [SIGNER_TOKEN_HEADER]: values.codigo };
  try {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Stop(await messageOf(res));
    const doc = (await res.json()) as SignerDocument;
    console.log(`Assinatura ${TARGET_TEXT[doc.target]} por ${doc.signer}.`);
    const token: TokenOptions = {
      module,
      tokenLabel: values.token,
      id: values.id,
      pin: values.pin ?? process.env.ORIGEM_PIN ?? (await askPin()),
    };
    const id = chooseId(token);
    const certificate = readCertificate(token, id);
    const xml = signEnveloped(doc.xml, doc.target, certificate, {
      sign: (signedInfo) => signWithToken(token, id, signedInfo),
    });
    const posted = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ xml }),
    });
    const message = await messageOf(posted);
    if (!posted.ok) throw new Stop(message);
    console.log(message);
    return 0;
  } catch (err) {
    if (err instanceof Stop || err instanceof TokenError) {
      console.error(`Assinatura não realizada: ${err.message}`);
      return 1;
    }
    if (err instanceof TypeError && /fetch/i.test(err.message)) {
      console.error(`Assinatura não realizada: não foi possível falar com ${values.servidor}.`);
      return 1;
    }
    throw err;
  }
}

process.exitCode = await main(process.argv.slice(2));
