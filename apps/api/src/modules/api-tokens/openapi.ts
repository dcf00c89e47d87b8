/**
 * How the OpenAPI document presents personal API tokens (issue 25): a security scheme, a mark on every operation
 * that accepts one (`x-api-token: true` and the scheme among its `security`), and the guide on the reference page.
 */

export const API_TOKEN_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'orig_…',
  description:
    'Token de API pessoal (criado em Minha conta → Tokens de API). Age como o seu usuário, só com os escopos escolhidos; ' +
    'não vale para usuários, perfis, sessões e tokens.',
} as const;

export const API_GUIDE = `Certificados e declarações de origem.

## Integração com ERPs: tokens de API

1. Em **Minha conta → Tokens de API**, crie um token com um nome (ex.: "ERP"), a validade (até 1 ano) e os escopos de
   que a integração precisa (ex.: *Ver certificados* e *Criar e enviar certificados*). Ele aparece **uma única vez**:
   copie-o e guarde-o como um segredo.
2. Envie-o em cada chamada: \`Authorization: Bearer orig_…\`. As operações que aceitam token estão marcadas com
   \`x-api-token: true\` e com o esquema de segurança \`apiToken\`. Usuários, perfis, sessões e tokens não aceitam (403).
3. Limites: \`API_TOKEN_RATE_LIMIT_PER_MINUTE\` chamadas por minuto por token (padrão 120; acima disso, 429). Um token expirado
   ou revogado recebe 401. Cada alteração feita com o token fica na auditoria com o nome dele.
4. Em criações, envie \`Idempotency-Key\`: repetir a chamada com a mesma chave (após uma queda de rede, por exemplo)
   devolve a primeira resposta e não cria nada de novo.

### Exemplo: criar um rascunho de certificado e acompanhar a situação

\`\`\`sh
TOKEN=orig_...            # o token criado na tela
API=https://origem.example.com

# cria o rascunho (repetível com a mesma chave)
curl -s -X POST "$API/v1/certificate" \\
  -H "Authorization: Bearer $TOKEN" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: erp-pedido-4711" \\
  -d '{"legal_representative_id": 3, "deal_id": 1, "company_importer_id": 7,
       "invoice_number": "FAT-4711", "invoice_date": "2026-11-20",
       "items": [{"declaration_id": 12, "quantity": "100", "fob_value_usd": "1000,50"}]}'
# → 201 {"id": 81, "status": "RASCUNHO", ...}

# anexa a fatura e envia para análise
curl -s -X POST "$API/v1/certificate/commercial_invoice/upload" \\
  -H "Authorization: Bearer $TOKEN" -F certificate_id=81 -F file=@fatura.pdf
curl -s -X POST "$API/v1/certificate/send_analysis/81" -H "Authorization: Bearer $TOKEN"

# acompanha a situação (ou cadastre um webhook em Integrações → Webhooks)
curl -s "$API/v1/certificate/81" -H "Authorization: Bearer $TOKEN" | jq .status
\`\`\`
`;

type RouteLike = { config?: unknown } | undefined;
type Transformed = { schema?: unknown };

/** Whether a route accepts a personal API token: any authenticated API route but the management ones. */
function acceptsApiToken(route: RouteLike): boolean {
  const config = (route?.config ?? {}) as { public?: boolean; permission?: unknown; apiToken?: false };
  return Boolean(config.permission) && !config.public && config.apiToken !== false;
}

/** Wraps the swagger transform: operations that accept a token say so. */
export function withApiTokenMarks<I extends { route?: RouteLike }, O extends Transformed>(
  transform: (input: I) => O,
): (input: I) => O {
  return (input) => {
    const out = transform(input);
    if (!acceptsApiToken(input.route)) return out;
    return {
      ...out,
      schema: {
        ...(out.schema as object),
        security: [{ bearer: [] }, { apiToken: [] }],
        'x-api-token': true,
      },
    };
  };
}
