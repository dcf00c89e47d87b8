/** The parts of the OpenAPI document (`app.swagger()`) the fuzzer and the limits check read. */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
};

type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
export type OpenApiOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};
export type OpenApiDocument = {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form: /v1/user/{id}. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | null;
  /** Declared `security: []`: callable without a token. */
  public: boolean;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: resolve(doc, p.schema ?? {}) })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({
            name: p.name,
            required: Boolean(p.required),
            schema: resolve(doc, p.schema ?? {}),
          })),
        body: op.requestBody?.content?.['application/json']?.schema
          ? resolve(doc, op.requestBody.content['application/json'].schema)
          : null,
        public: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return operations;
}

export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return resolve(doc, doc.components?.schemas?.[name] ?? {});
}

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** An anchored pattern with no open-ended repetition bounds its strings by itself (e.g. a date). */
const boundedPattern = (pattern: string | undefined) =>
  Boolean(pattern && /^\^.*\$$/.test(pattern) && !/[*+]|\{\d+,\}/.test(pattern));

/**
 * Every string a schema accepts without an upper bound (no maxLength, enum, const or bounded pattern), as dotted
 * paths: what lets a 200 000-character value reach a handler, a hash or an audit row.
 */
export function unboundedStrings(doc: OpenApiDocument, schema: JsonSchema, path = ''): string[] {
  const found: string[] = [];
  const seen = new Set<JsonSchema>();
  const walk = (raw: JsonSchema, at: string) => {
    const s = resolve(doc, raw);
    if (seen.has(s)) return;
    seen.add(s);
    for (const list of [s.anyOf, s.oneOf, s.allOf]) for (const option of list ?? []) walk(option, at);
    if (
      typesOf(s).includes('string') &&
      s.maxLength === undefined &&
      s.enum === undefined &&
      s.const === undefined &&
      !boundedPattern(s.pattern)
    ) {
      found.push(at || '(valor)');
    }
    for (const [key, value] of Object.entries(s.properties ?? {})) walk(value, at ? `${at}.${key}` : key);
    if (s.items) walk(s.items, `${at}[]`);
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      walk(s.additionalProperties, `${at}{}`);
    }
  };
  walk(schema, path);
  return found;
}
