import { type JsonSchema, type OpenApiDocument, type Operation, resolve } from './openapi';

/**
 * Hostile requests generated from the OpenAPI document: for each operation, a plausible request built from its
 * schemas, then that request with one thing broken — a NUL, a huge string, a wrong type, a negative or huge number,
 * odd Unicode, a missing field — in every path parameter, query parameter and body field; plus broken bodies
 * (malformed, truncated or boundary-less multipart, wrong content types) and hostile headers.
 */

export type FuzzRequest = {
  /** What was broken, for the report. */
  label: string;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** Values that replace one field. Strings stay JSON values; `raw` is spliced into the JSON text as it is. */
type Mutation = { name: string; value?: unknown; raw?: string; omit?: boolean };

const HUGE = 'x'.repeat(200_000);

const VALUE_MUTATIONS: Mutation[] = [
  { name: 'nul', value: 'antes\u0000depois' },
  { name: 'huge string', value: HUGE },
  { name: 'lone surrogate', raw: '"a\\ud800b"' },
  { name: 'unicode', value: '😀🇧🇷 ação \u202e\u200b عربى 中文 \u0301' },
  { name: 'number', value: 123_456 },
  { name: 'negative', value: -1 },
  { name: 'huge number', value: 1e308 },
  { name: 'beyond int64', raw: '99999999999999999999999999' },
  { name: 'fraction', value: 1.5 },
  { name: 'boolean', value: true },
  { name: 'object', value: { $gt: '' } },
  { name: 'array', value: ['a', 1] },
  { name: 'null', value: null },
  { name: 'empty', value: '' },
  { name: 'sql', value: "' or 1=1; drop table users; --" },
  { name: 'missing', omit: true },
];

const TEXT_MUTATIONS: { name: string; text: string }[] = [
  { name: 'nul', text: 'a\u0000b' },
  { name: 'huge string', text: 'x'.repeat(10_000) },
  { name: 'lone surrogate', text: '%ED%A0%80' },
  { name: 'bad percent-encoding', text: '%E0%A4%A' },
  { name: 'unicode', text: encodeURIComponent('😀 ação \u202e') },
  { name: 'negative', text: '-1' },
  { name: 'huge number', text: '1e308' },
  { name: 'beyond int64', text: '99999999999999999999999999' },
  { name: 'fraction', text: '1.5' },
  { name: 'word', text: 'abc' },
  { name: 'empty', text: '' },
  { name: 'sql', text: encodeURIComponent("' or 1=1 --") },
];

/** A deterministic generator (mulberry32), so a failing run can be repeated with its seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let counter = 0;

/** A value the schema accepts (as far as a generator can tell): where the broken variants start from. */
export function sample(doc: OpenApiDocument, raw: JsonSchema, name = ''): unknown {
  const schema = resolve(doc, raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) {
    const concrete = options.find((o) => resolve(doc, o).type !== 'null') ?? options[0];
    return concrete ? sample(doc, concrete, name) : null;
  }
  if (schema.allOf?.[0]) return sample(doc, schema.allOf[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  counter += 1;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [sample(doc, schema.items, name)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(doc, value, key);
      return out;
    }
    default:
      return sampleText(schema, name);
  }
}

function sampleText(schema: JsonSchema, name: string): string {
  // Unique names and e-mails: the lockout counts failures per login name, and unique values avoid conflicts.
  if (schema.format === 'email' || /e?mail|username/.test(name)) return `fuzz${counter}@exemplo.com`;
  if (schema.format === 'date' || /date|_until/.test(name) || schema.pattern?.includes('\\d{4}-')) {
    return '2026-01-15';
  }
  if (schema.format === 'date-time') return '2026-01-15T12:00:00.000Z';
  if (/cnpj/.test(name)) return '11222333000181';
  if (/cpf/.test(name)) return '52998224725';
  if (/ncm|code/.test(name)) return '01012100';
  if (/password/.test(name)) return `Senha${counter}fuzz`;
  const text = `valor ${counter}`;
  const max = schema.maxLength ?? 255;
  const min = schema.minLength ?? 0;
  return text.length > max ? 'a'.repeat(Math.max(min, 1)).slice(0, max) : text.padEnd(min, 'a');
}

/** The JSON text of `body` with `field` replaced by the mutation (or removed). */
function mutatedJson(body: Record<string, unknown>, field: string, mutation: Mutation): string {
  const copy: Record<string, unknown> = { ...body };
  if (mutation.omit) {
    delete copy[field];
    return JSON.stringify(copy);
  }
  if (mutation.raw === undefined) {
    copy[field] = mutation.value;
    return JSON.stringify(copy);
  }
  const marker = '__fuzz_raw__';
  copy[field] = marker;
  return JSON.stringify(copy).replace(`"${marker}"`, mutation.raw);
}

function urlOf(op: Operation, params: Record<string, string>, query: Record<string, string>): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1');
  const qs = Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${value}`)
    .join('&');
  return qs ? `${path}?${qs}` : path;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const HAS_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Multipart parts as a browser's FormData would send them. */
function multipartBody(
  boundary: string,
  fields: Record<string, string>,
  file?: { name: string; filename: string; bytes: Buffer },
) {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(5000, 7),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><set attributeName="href" to="javascript:x"/></svg>',
);
/** Field names the record forms read (their schemas are not in the OpenAPI document). */
const FORM_FIELDS: Record<string, string> = {
  name: 'Fuzz Ltda.',
  corporate_name: 'Fuzz Ltda.',
  abbreviation: 'FZ',
  ehid: 'FZZ',
  email: 'fuzz@exemplo.com',
  cnpj: '11222333000181',
  cpf: '52998224725',
  person_type_id: '2',
  company_type_id: '1',
  country_id: '1',
  trade_association_id: '1',
  federation_id: '1',
  confederation_id: '1',
  exporter_id: '1',
  job_position_id: '1',
  classification_type: 'NCM',
  profile_type: 'EXPORTADOR',
};
const FILE_FIELDS = ['file', 'logo', 'social_contract', 'procuration'];

function multipartCases(base: () => Omit<FuzzRequest, 'label'>, rnd: () => number): FuzzRequest[] {
  const pick = <T>(list: T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const fileField = pick(FILE_FIELDS);
  const bytes = pick([PNG, PDF, SVG, Buffer.from('ncm;descricao\n01012100;Cavalos\n')]);
  const req = (label: string, headers: Record<string, string>, payload: Buffer | string): FuzzRequest => ({
    ...base(),
    label: `multipart: ${label}`,
    headers: { ...base().headers, ...headers },
    payload,
  });
  const full = multipartBody('fz', FORM_FIELDS, { name: fileField, filename: 'arquivo.bin', bytes });
  const mp = { 'content-type': 'multipart/form-data; boundary=fz' };
  return [
    req('valid form', mp, full),
    req('no boundary', { 'content-type': 'multipart/form-data' }, full),
    req('cut off mid-file', mp, full.subarray(0, full.length - 2600)),
    req('cut off mid-header', mp, full.subarray(0, 40)),
    req('empty boundary', { 'content-type': 'multipart/form-data; boundary=' }, '--\r\n'),
    req('boundary too long', { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` }, full),
    req('malformed part header', mp, '--fz\r\nsem-dois-pontos\r\n\r\nx\r\n--fz--\r\n'),
    req('nul in a field', mp, multipartBody('fz', { ...FORM_FIELDS, name: 'a\u0000b' })),
    req(
      'nul in a file name',
      mp,
      multipartBody('fz', FORM_FIELDS, { name: fileField, filename: 'a\u0000.png', bytes: PNG }),
    ),
    req('huge field', mp, multipartBody('fz', { ...FORM_FIELDS, name: HUGE })),
    req(
      'invalid UTF-8',
      mp,
      Buffer.concat([
        Buffer.from('--fz\r\nContent-Disposition: form-data; name="name"\r\n\r\n'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('\r\n--fz--\r\n'),
      ]),
    ),
    req(
      'too many fields',
      mp,
      multipartBody('fz', Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}`, 'x']))),
    ),
    req(
      'same file twice',
      mp,
      Buffer.concat([
        multipartBody('fz', {}, { name: fileField, filename: 'a.png', bytes: PNG }).subarray(0, -8),
        multipartBody('fz', {}, { name: fileField, filename: 'b.png', bytes: PNG }),
      ]),
    ),
    req(
      'unknown file field',
      mp,
      multipartBody('fz', FORM_FIELDS, { name: 'outro', filename: 'x.png', bytes: PNG }),
    ),
    req(
      'wrong types',
      mp,
      multipartBody(
        'fz',
        Object.fromEntries(
          Object.keys(FORM_FIELDS).map((k) => [k, pick(['-1', '1e308', '{}', '[]', 'true', '😀'])]),
        ),
      ),
    ),
  ];
}

/** Every hostile request for one operation (`pathId`: the id a path parameter names in the plausible request). */
export function casesFor(
  doc: OpenApiDocument,
  op: Operation,
  rnd: () => number,
  pathId = '2',
): FuzzRequest[] {
  const params = Object.fromEntries(op.pathParams.map((p) => [p.name, sampleParam(doc, p.schema, pathId)]));
  const query: Record<string, string> = {};
  for (const p of op.queryParams) {
    if (p.required || rnd() < 0.5) query[p.name] = encodeURIComponent(String(sample(doc, p.schema, p.name)));
  }
  const body = op.body ? (sample(doc, op.body) as Record<string, unknown>) : null;
  const bodyText = body === null ? undefined : JSON.stringify(body);
  const base = (): Omit<FuzzRequest, 'label'> => ({
    method: op.method,
    url: urlOf(op, params, query),
    headers: bodyText !== undefined ? { ...JSON_HEADERS } : {},
    payload: bodyText,
  });
  const cases: FuzzRequest[] = [{ label: 'plausible', ...base() }];

  for (const p of op.pathParams) {
    for (const m of TEXT_MUTATIONS) {
      cases.push({
        ...base(),
        label: `path ${p.name}: ${m.name}`,
        url: urlOf(op, { ...params, [p.name]: m.text }, query),
      });
    }
  }
  for (const p of op.queryParams) {
    for (const m of TEXT_MUTATIONS) {
      cases.push({
        ...base(),
        label: `query ${p.name}: ${m.name}`,
        url: urlOf(op, params, { ...query, [p.name]: m.text }),
      });
    }
    cases.push({
      ...base(),
      label: `query ${p.name}: repeated`,
      url: `${urlOf(op, params, query)}${Object.keys(query).length ? '&' : '?'}${p.name}=1&${p.name}=2`,
    });
  }
  cases.push({
    ...base(),
    label: 'query: prototype keys',
    url: `${urlOf(op, params, {})}?__proto__[x]=1&constructor[prototype][y]=2`,
  });

  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const field of Object.keys(body)) {
      for (const m of VALUE_MUTATIONS) {
        cases.push({ ...base(), label: `body ${field}: ${m.name}`, payload: mutatedJson(body, field, m) });
      }
    }
    cases.push({
      ...base(),
      label: 'body: extra field with NUL key',
      payload: mutatedJson(body, 'ex\u0000tra', { name: '', value: 1 }),
    });
  }
  if (HAS_BODY.has(op.method)) {
    const json = (
      label: string,
      payload: string,
      headers: Record<string, string> = JSON_HEADERS,
    ): FuzzRequest => ({
      ...base(),
      label: `body: ${label}`,
      headers,
      payload,
    });
    cases.push(
      json('empty object', '{}'),
      json('array', '[1,2]'),
      json('null', 'null'),
      json('string', '"texto"'),
      json('malformed', '{"a":'),
      json('deeply nested', `${'['.repeat(20_000)}${']'.repeat(20_000)}`),
      json('__proto__', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'),
      json('wrong content type', 'a=1', { 'content-type': 'text/plain' }),
      json('form encoded', 'name=a%00b&email=x', { 'content-type': 'application/x-www-form-urlencoded' }),
      json('over the body limit', `{"a":"${'x'.repeat(2_100_000)}"}`),
    );
    cases.push(...multipartCases(base, rnd));
  }
  for (const [name, value] of [
    ['x-request-id', 'id com espaço e\r\nquebra'],
    ['user-agent', `robo\u0000${'u'.repeat(8000)}`],
    ['authorization', `Bearer ${'t'.repeat(5000)}`],
    ['accept', 'application/xml'],
    ['x-forwarded-for', '1.2.3.4, 5.6.7.8'],
  ] as const) {
    cases.push({ ...base(), label: `header ${name}`, headers: { ...base().headers, [name]: value } });
  }
  return cases;
}

function sampleParam(doc: OpenApiDocument, schema: JsonSchema, id: string): string {
  const resolved = resolve(doc, schema);
  if (resolved.type === 'integer' || resolved.type === 'number') return id;
  return encodeURIComponent(String(sample(doc, resolved)));
}
