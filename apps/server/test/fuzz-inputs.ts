/**
 * Malformed requests for the API fuzz test (fuzz-run.ts), made from the OpenAPI document the
 * app serves, so that a route added later is fuzzed without a change here. For every
 * operation: a valid-looking base request (path, required query parameters, the required
 * fields of a JSON body), then that request with one thing broken at a time: each path and
 * query parameter and each body field set to wrong types, out-of-range and huge numbers,
 * unreal dates, NUL bytes and other control characters, over-long strings; fields left out or
 * added; the whole body malformed (broken JSON, arrays for objects, an over-limit body, other
 * media types, broken multipart); bad percent-encoding and over-long URLs; forged tokens and
 * no token at all. Inputs are drawn from a PRNG seeded with the operation's method and path:
 * the same document gives the same inputs on every run, so a failure reproduces.
 */

/** The part of JSON Schema (OpenAPI 3.0 and 3.1) the generator reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  nullable?: boolean;
}

interface Parameter {
  in: string;
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the document, its references resolved. */
export interface Operation {
  method: string;
  /** The path as the document writes it: /api/Orders/{id}. */
  path: string;
  parameters: Parameter[];
  /** The JSON or multipart body, when the document describes one. */
  body: { mediaType: string; schema: JsonSchema } | null;
}

/** One request to send. `anonymous`: without the bearer token. */
export interface FuzzInput {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  anonymous?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read loosely
type Doc = any;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of an OpenAPI document, with `$ref`s to components resolved. */
export function operationsOf(doc: Doc): Operation[] {
  const resolve = <T>(node: T, depth = 0): T => {
    if (depth > 20 || node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map((n) => resolve(n, depth + 1)) as T;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      const target = ref
        .slice(2)
        .split('/')
        .reduce<Doc>((at, key) => at?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
      return resolve(target ?? {}, depth + 1) as T;
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v, depth + 1)])) as T;
  };
  // Paths are relative to the first server's path, when the document names one ("/api" or "http://host/api").
  const serverPath = new URL(String(doc.servers?.[0]?.url ?? '/'), 'http://localhost').pathname.replace(/\/$/, '');
  const operations: Operation[] = [];
  for (const [relative, item] of Object.entries<Doc>(doc.paths ?? {})) {
    const path = relative.startsWith(`${serverPath}/`) ? relative : `${serverPath}${relative}`;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters: Parameter[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Doc) => {
        const r = resolve(p);
        return { in: r.in, name: r.name, required: !!r.required, schema: r.schema ?? {} };
      });
      const content = resolve(op.requestBody)?.content ?? {};
      const mediaType = Object.keys(content).find((t) => t.includes('json')) ?? Object.keys(content).find((t) => t.includes('multipart'));
      const body = mediaType ? { mediaType, schema: content[mediaType].schema ?? {} } : null;
      operations.push({ method: method.toUpperCase(), path, parameters, body });
    }
  }
  return operations;
}

/** mulberry32: a small seeded PRNG (the same seed, the same inputs). */
function prng(seedText: string): () => number {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A JSON text written as is into a body (JSON.stringify cannot write -0, 1e999 or a lone surrogate escape). */
class RawJson {
  constructor(readonly text: string) {}
}

function stringify(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return (text ?? '').replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i) => raws[Number(i)] ?? '');
}

// --- values ---------------------------------------------------------------------------------

const future = new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);

/** Strings that fit common patterns, tried in order for a pattern the generator does not know. */
const patternCandidates = [future, future.slice(0, 7), '1', '1,2', '1:33', 'fuzz', 'A', 'data:image/png;base64,iVBORw0KGgo='];

function typesOf(schema: JsonSchema): string[] {
  if (schema.const !== undefined) return [typeof schema.const];
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives) return [...new Set(alternatives.flatMap(typesOf))];
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

/** Whether a pattern takes `yes` and refuses `no` (tells dates and months from free text). */
const patternTells = (schema: JsonSchema, yes: string, no: string) =>
  !!schema.pattern && new RegExp(schema.pattern, 'u').test(yes) && !new RegExp(schema.pattern, 'u').test(no);
const isDate = (schema: JsonSchema) => schema.format === 'date' || patternTells(schema, '2026-06-15', 'fuzz');
const isMonth = (schema: JsonSchema) => patternTells(schema, '2026-06', '2026-06-15') && patternTells(schema, '2026-06', 'fuzz');

/** A valid-looking value of a schema: the required fields of objects, one item of a non-empty array. */
function sample(schema: JsonSchema, next: () => number, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return sample(alternatives.find((a) => !typesOf(a).includes('null')) ?? alternatives[0] ?? {}, next, depth);
  if (schema.allOf?.length) return sample(schema.allOf[0] ?? {}, next, depth);
  const type = typesOf(schema).find((t) => t !== 'null') ?? 'string';
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 6) return out;
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key] ?? {}, next, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sample(schema.items ?? {}, next, depth + 1));
    case 'integer':
    case 'number': {
      let value = 1;
      if (schema.minimum !== undefined) value = Math.max(value, schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0));
      if (typeof schema.exclusiveMinimum === 'number') value = Math.max(value, schema.exclusiveMinimum + 1);
      if (schema.maximum !== undefined) value = Math.min(value, schema.maximum);
      return value;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      if (isDate(schema)) return future;
      if (schema.format === 'email') return 'fuzz@example.com';
      // A fresh text each time (never a demo user's name: failed sign-ins of one name are throttled).
      const text = `fuzz${Math.floor(next() * 1e9)}`.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 1000);
      if (!schema.pattern) return text;
      const pattern = new RegExp(schema.pattern, 'u');
      return [text, ...patternCandidates].find((c) => pattern.test(c)) ?? text;
    }
  }
}

const long = (n: number) => 'x'.repeat(n);

/** Bad values of any JSON field, whatever its type. */
const anyBad: unknown[] = [null, true, [], {}, [null], { a: 1 }, '', ' ', '\u0000', 'a\u0000b', long(100_000)];

const numberBad: unknown[] = [
  2_147_483_647,
  2_147_483_648,
  -2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  9_007_199_254_740_991,
  new RawJson('9007199254740993'),
  new RawJson('123456789012345678901234567890'),
  1e308,
  -1e308,
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('-0'),
  new RawJson('0.1e1'),
  0,
  -1,
  1.5,
  1e-7,
  '1',
  '1e3',
  'NaN',
  'Infinity',
];

const stringBad: unknown[] = [
  'a\u0000b',
  '\u0000',
  '\u0001\u0002\u001f',
  '\u001b[31mred',
  '\u007f',
  'tab\there',
  'line\r\nbreak',
  new RawJson('"\\ud800"'),
  new RawJson('"a\\u0000b"'),
  long(101),
  long(2001),
  long(70_000),
  '😀'.repeat(60),
  '\u202eevil',
  "' OR '1'='1' --",
  '%00',
  '<script>alert(1)</script>',
  '   ',
  1,
  -0,
  1e308,
];

const dateBad = [
  '2026-02-30',
  '2026-13-01',
  '2027-02-29',
  '2026-00-10',
  '2026-04-31',
  '0000-01-01',
  '9999-12-31',
  '10000-01-01',
  '1900-02-29',
  '2026-1-1',
  '20260101',
  '2026-02-28T00:00:00Z',
  '2026-02-28\u0000',
  '-2026-01-01',
];
const monthBad = ['2026-13', '2026-00', '0000-01', '2026-1', '99999-01', '2026-06-01', '2026-06\u0000'];

const queryNumberBad = [
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999',
  '1e308',
  '-1e308',
  '1e3',
  '-0',
  '0',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '',
  ' 1',
  'abc',
  '1,2',
];
const queryListBad = ['1,2147483648', '99999999999', '1,,2', ',', '1,-1', '1,1e3', '0', '1, 2', `${'1,'.repeat(5000)}1`];
const queryStringBad = ['a\u0000b', '\u0000', '\u0001', '\u001f', '\u007f', long(101), long(5000), "'; DROP TABLE orders; --", '%', ''];

/** Raw (not encoded) query values: bad percent-encoding and encoded control bytes. */
const rawQueryBad = ['%zz', '%', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF', '%00', 'a%00b', '%0D%0A'];

const pathBad = [
  '0',
  '-1',
  '-0',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '1e3',
  '1e308',
  '1.5',
  'NaN',
  'Infinity',
  'abc',
  '%20',
  '%00',
  '1%00',
  '%zz',
  '%',
  '%ED%A0%80',
  '..%2F..',
  '1%2F2',
  long(101),
  long(5000),
];

// --- where a value goes -----------------------------------------------------------------------

function badValuesFor(schema: JsonSchema): unknown[] {
  const types = typesOf(schema);
  const out: unknown[] = [];
  if (types.includes('integer') || types.includes('number')) out.push(...numberBad);
  if (types.includes('string')) {
    if (isDate(schema)) out.push(...dateBad);
    else if (isMonth(schema)) out.push(...monthBad);
    out.push(...stringBad);
    if (schema.enum)
      out.push(...schema.enum.filter((v) => typeof v === 'string').flatMap((v) => [`${v}\u0000`, String(v).toUpperCase(), ` ${v}`]));
  }
  if (types.includes('boolean')) out.push('true', 1, 0, 'yes');
  if (types.includes('array')) {
    const item = sample(schema.items ?? {}, () => 0.5);
    out.push(
      {},
      'a',
      [[]],
      Array.from({ length: 10_000 }, () => item),
      [item, item],
      [new RawJson('1e999')],
    );
  }
  if (types.includes('object')) out.push([], 'a', 1, [{}]);
  out.push(...anyBad);
  return out;
}

function queryBadFor(schema: JsonSchema): string[] {
  const types = typesOf(schema);
  const out: string[] = [];
  if (types.includes('integer') || types.includes('number')) out.push(...queryNumberBad);
  if (patternTells(schema, '1,2', 'fuzz')) out.push(...queryListBad);
  if (isDate(schema)) out.push(...dateBad);
  if (isMonth(schema)) out.push(...monthBad);
  if (types.includes('boolean')) out.push('yes', 'TRUE', '2', '');
  if (schema.anyOf || schema.enum) out.push('x', 'null');
  out.push(...queryStringBad);
  return out;
}

interface BodySlot {
  path: (string | number)[];
  schema: JsonSchema;
}

/** Every field of a body schema (objects' properties, arrays' first item), depth first. */
function bodySlots(schema: JsonSchema, path: (string | number)[] = [], depth = 0): BodySlot[] {
  const slots: BodySlot[] = [{ path, schema }];
  if (depth > 3) return slots;
  const alternatives = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  for (const alt of alternatives) {
    for (const [key, child] of Object.entries(alt.properties ?? {})) slots.push(...bodySlots(child, [...path, key], depth + 1));
    if (alt.items) slots.push(...bodySlots(alt.items, [...path, 0], depth + 1));
  }
  return slots;
}

/** A copy of `base` with `value` at `path` (missing parents sampled), or the field removed. */
function withValue(base: unknown, root: JsonSchema, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  let schema: JsonSchema = root;
  for (const [i, key] of path.entries()) {
    const childSchema = typeof key === 'number' ? (schema.items ?? {}) : (findProperty(schema, key) ?? {});
    if (i === path.length - 1) {
      if (remove) delete at[key];
      else at[key] = value;
      break;
    }
    if (at[key] === null || typeof at[key] !== 'object') at[key] = sample(childSchema, () => 0.5);
    at = at[key] as Record<string | number, unknown>;
    schema = childSchema;
  }
  return copy;
}

function findProperty(schema: JsonSchema, key: string): JsonSchema | undefined {
  for (const alt of [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    if (alt.properties?.[key]) return alt.properties[key];
  }
  return undefined;
}

// --- whole requests ---------------------------------------------------------------------------

const boundary = '----fuzzboundary7MA4YWxkTrZu0gW';

function multipartBody(parts: string[], closing = true): Buffer {
  return Buffer.from(parts.map((p) => `--${boundary}\r\n${p}`).join('') + (closing ? `--${boundary}--\r\n` : ''), 'latin1');
}
const field = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, fileName: string, data: string) =>
  `Content-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n${data}\r\n`;

/** Bodies that break the transport: JSON syntax, media types, multipart framing, size. */
function bodyInputs(base: unknown, formFields: string[]): { label: string; contentType?: string; payload: string | Buffer }[] {
  const json = 'application/json';
  const multipart = `multipart/form-data; boundary=${boundary}`;
  const baseText = stringify(base);
  const fields = formFields.length ? formFields : ['id'];
  return [
    { label: 'json empty', contentType: json, payload: '' },
    { label: 'json blank', contentType: json, payload: '   ' },
    { label: 'json open brace', contentType: json, payload: '{' },
    { label: 'json truncated', contentType: json, payload: baseText.slice(0, Math.max(1, baseText.length - 2)) },
    { label: 'json trailing comma', contentType: json, payload: '{"a":1,}' },
    { label: 'json single quotes', contentType: json, payload: "{'a':1}" },
    { label: 'json two documents', contentType: json, payload: `${baseText}${baseText}` },
    { label: 'json NaN', contentType: json, payload: 'NaN' },
    { label: 'json NUL', contentType: json, payload: '\u0000' },
    { label: 'json null', contentType: json, payload: 'null' },
    { label: 'json array', contentType: json, payload: '[]' },
    { label: 'json array of base', contentType: json, payload: `[${baseText}]` },
    { label: 'json string', contentType: json, payload: '"x"' },
    { label: 'json number', contentType: json, payload: '1e999' },
    { label: 'json deep nesting', contentType: json, payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
    { label: 'json proto', contentType: json, payload: '{"__proto__":{"polluted":1}}' },
    { label: 'json constructor', contentType: json, payload: '{"constructor":{"prototype":{"polluted":1}}}' },
    { label: 'json invalid utf-8', contentType: json, payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
    { label: 'json BOM', contentType: json, payload: `\ufeff${baseText}` },
    { label: 'json utf-16', contentType: 'application/json; charset=utf-16le', payload: Buffer.from(baseText, 'utf16le') },
    { label: 'json over the body limit', contentType: json, payload: Buffer.alloc(13 * 1024 * 1024, 0x20) },
    { label: 'text/plain', contentType: 'text/plain', payload: baseText },
    { label: 'xml', contentType: 'application/xml', payload: '<a>1</a>' },
    { label: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%zz' },
    { label: 'media type garbage', contentType: 'ü/ä; x=', payload: baseText },
    { label: 'no media type', payload: baseText },
    { label: 'multipart without boundary', contentType: 'multipart/form-data', payload: baseText },
    { label: 'multipart empty boundary', contentType: 'multipart/form-data; boundary=', payload: baseText },
    { label: 'multipart empty', contentType: multipart, payload: '' },
    { label: 'multipart only the closing line', contentType: multipart, payload: `--${boundary}--\r\n` },
    { label: 'multipart truncated', contentType: multipart, payload: multipartBody([filePart('file', 'a.pdf', '%PDF-1.4 trunc')], false) },
    {
      label: 'multipart truncated in the headers',
      contentType: multipart,
      payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`),
    },
    {
      label: 'multipart part without a name',
      contentType: multipart,
      payload: multipartBody(['Content-Disposition: form-data\r\n\r\nx\r\n']),
    },
    { label: 'multipart part without headers', contentType: multipart, payload: multipartBody(['\r\nx\r\n']) },
    { label: 'multipart file as a plain field', contentType: multipart, payload: multipartBody([field('file', 'not a file')]) },
    {
      label: 'multipart two files',
      contentType: multipart,
      payload: multipartBody([filePart('file', 'a.pdf', '%PDF-1.4'), filePart('file', 'b.pdf', '%PDF-1.4')]),
    },
    { label: 'multipart file of another name', contentType: multipart, payload: multipartBody([filePart('other', 'a.pdf', '%PDF-1.4')]) },
    {
      label: 'multipart junk fields',
      contentType: multipart,
      payload: multipartBody([...fields.map((f) => field(f, '99999999999999999999')), filePart('file', 'a.pdf', 'junk')]),
    },
    {
      label: 'multipart NUL fields',
      contentType: multipart,
      payload: multipartBody([...fields.map((f) => field(f, 'a\u0000b')), filePart('file', 'a\u0000.xlsx', 'PK\u0003\u0004junk')]),
    },
    {
      label: 'multipart unreal date and huge number fields',
      contentType: multipart,
      payload: multipartBody([...fields.map((f, i) => field(f, i % 2 ? '2026-02-30' : '1e308')), filePart('file', 'a.png', 'junk')]),
    },
    { label: 'multipart long field', contentType: multipart, payload: multipartBody([field(fields[0] ?? 'a', long(20_000))]) },
    {
      label: 'multipart many parts',
      contentType: multipart,
      payload: multipartBody(Array.from({ length: 40 }, (_, i) => field(`f${i}`, String(i)))),
    },
    {
      label: 'multipart file over the limit',
      contentType: multipart,
      payload: multipartBody([filePart('file', 'big.pdf', `%PDF-1.4${long(11 * 1024 * 1024)}`)]),
    },
    {
      label: 'multipart bad part header',
      contentType: multipart,
      payload: multipartBody(['Content-Disposition: form-data; name="file"; filename*=utf-8\'\'%zz\r\n\r\nx\r\n']),
    },
  ];
}

/**
 * The malformed inputs of one operation (at least `minimum`, more when it has many fields).
 * Path parameters of the base request are 1; `{id}`-style placeholders are filled in.
 */
export function fuzzInputs(op: Operation, minimum = 100): FuzzInput[] {
  const next = prng(`${op.method} ${op.path}`);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const baseQuery: Record<string, string> = {};
  for (const p of queryParams) if (p.required) baseQuery[p.name] = String(sample(p.schema, next));
  // A fresh base body for every input: its texts differ each time (a sign-in name fails once, not ten times).
  const baseBody = () => (op.body ? sample(op.body.schema, next) : undefined);
  const hasBody = op.body !== null || op.method !== 'GET';
  const locales = ['nb-NO', 'sv-SE', 'da-DK', 'fi-FI', 'en-US'];
  let n = 0;

  const build = (
    label: string,
    parts: {
      path?: Record<string, string>;
      query?: Record<string, string>;
      rawQuery?: string;
      body?: unknown;
      payload?: string | Buffer;
      contentType?: string | null;
      headers?: Record<string, string>;
      anonymous?: boolean;
    },
  ): FuzzInput => {
    let url = op.path;
    for (const p of pathParams) url = url.replace(`{${p.name}}`, parts.path?.[p.name] ?? String(sample(p.schema, next)));
    const query = Object.entries(parts.query ?? baseQuery)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .concat(parts.rawQuery ? [parts.rawQuery] : []);
    if (query.length) url += `?${query.join('&')}`;
    const headers: Record<string, string> = { 'accept-language': locales[n++ % locales.length] as string, ...parts.headers };
    let payload = parts.payload;
    if (payload === undefined && hasBody && op.body?.mediaType.includes('json')) payload = stringify(parts.body ?? baseBody());
    const contentType =
      parts.contentType === undefined ? (op.body?.mediaType.includes('json') ? 'application/json' : undefined) : parts.contentType;
    if (payload !== undefined && contentType) headers['content-type'] = contentType;
    return { label: `${op.method} ${op.path} ${label}`, method: op.method, url, headers, payload, anonymous: parts.anonymous };
  };

  const inputs: FuzzInput[] = [];
  // Who calls: no token, forged and odd tokens, odd languages.
  inputs.push(build('anonymous', { anonymous: true }));
  inputs.push(build('forged token', { anonymous: true, headers: { authorization: 'Bearer Zm9yZ2VkLXRva2VuLWZvcmdlZC10b2tlbi1mb3JnZWQ' } }));
  inputs.push(build('huge token', { anonymous: true, headers: { authorization: `Bearer ${long(6000)}` } }));
  inputs.push(build('basic auth', { anonymous: true, headers: { authorization: 'Basic YWRtaW46ZGVtbzEyMzQ=' } }));
  inputs.push(build('empty bearer', { anonymous: true, headers: { authorization: 'Bearer ' } }));
  inputs.push(build('auth query parameter', { anonymous: true, rawQuery: `auth=${'a'.repeat(43)}` }));
  inputs.push(build('odd language', { headers: { 'accept-language': '*;q=abc, zz-ZZ;q=2, x' } }));
  inputs.push(build('long language', { headers: { 'accept-language': long(4000) } }));

  // The URL: bad percent-encoding, over-long query and path, odd segments.
  for (const raw of rawQueryBad) {
    inputs.push(build(`query value ${raw}`, { rawQuery: `fuzz=${raw}` }));
    inputs.push(build(`query name ${raw}`, { rawQuery: `${raw}=1` }));
  }
  inputs.push(build('query 20 kB', { rawQuery: `fuzz=${long(20_000)}` }));
  inputs.push(build('query 3000 parameters', { rawQuery: Array.from({ length: 3000 }, (_, i) => `p${i}=1`).join('&') }));
  inputs.push(build('query bracket names', { rawQuery: 'a[b]=1&a[]=2&__proto__[x]=1&constructor[prototype][x]=1' }));
  const anyPathInput = (label: string, suffix: string) => {
    const input = build(label, {});
    const [path, query] = input.url.split('?');
    inputs.push({ ...input, url: `${path}${suffix}${query ? `?${query}` : ''}` });
  };
  anyPathInput('path extra segment %zz', '/%zz');
  anyPathInput('path extra segment NUL', '/%00');
  anyPathInput('path over-long segment', `/${long(300)}`);
  anyPathInput('path 10 kB segment', `/${long(10_000)}`);
  anyPathInput('path dot segments', '/..%2F..%2F');
  anyPathInput('path semicolon', ';a=1');
  anyPathInput('path bad percent', '%');
  anyPathInput('path double slash', '//');

  // Path parameters.
  for (const p of pathParams)
    for (const value of pathBad) inputs.push(build(`path ${p.name}=${value.slice(0, 20)}`, { path: { [p.name]: value } }));

  // Bodies that break the transport (also sent to calls without a body: they must ignore or refuse them).
  if (hasBody) {
    const formFields = [
      ...queryParams.map((p) => p.name),
      ...Object.keys(op.body?.mediaType.includes('multipart') ? (op.body.schema.properties ?? {}) : {}),
    ];
    for (const body of bodyInputs(baseBody() ?? {}, formFields)) {
      inputs.push(build(`body ${body.label}`, { payload: body.payload, contentType: body.contentType ?? null }));
    }
  }
  inputs.push(
    build('content-length mismatch', { payload: '{"a":1}', contentType: 'application/json', headers: { 'content-length': '3' } }),
  );

  // One field or parameter broken at a time, round robin so that every field gets its share.
  const perSlot: FuzzInput[][] = [];
  for (const p of queryParams) {
    const list = queryBadFor(p.schema).map((value) =>
      build(`query ${p.name}=${JSON.stringify(value).slice(0, 30)}`, { query: { ...baseQuery, [p.name]: value } }),
    );
    list.push(
      build(`query ${p.name} twice`, { query: baseQuery, rawQuery: `${encodeURIComponent(p.name)}=1&${encodeURIComponent(p.name)}=2` }),
    );
    if (p.required) {
      const { [p.name]: _left, ...rest } = baseQuery;
      list.push(build(`query ${p.name} missing`, { query: rest }));
    }
    perSlot.push(list);
  }
  if (op.body?.mediaType.includes('json')) {
    const root = op.body.schema;
    for (const slot of bodySlots(root)) {
      const name = slot.path.join('.') || '(body)';
      const list = badValuesFor(slot.schema).map((value) =>
        build(`body ${name}=${stringify(value).slice(0, 30)}`, { body: withValue(baseBody(), root, slot.path, value) }),
      );
      if (slot.path.length > 0) list.push(build(`body ${name} missing`, { body: withValue(baseBody(), root, slot.path, undefined, true) }));
      if (typesOf(slot.schema).includes('object')) {
        const current = slot.path.length ? sample(slot.schema, next) : baseBody();
        const extended = { ...(current as object), fuzzExtra: 'x\u0000' };
        list.push(build(`body ${name} extra field`, { body: withValue(baseBody(), root, slot.path, extended) }));
      }
      perSlot.push(list);
    }
  }
  // At least 60, and 8 per field or parameter (up to 400), so that calls with many fields get each field tried several ways.
  const budget = Math.max(minimum + 60 - inputs.length, Math.min(400, 60 + 8 * perSlot.length));
  for (let round = 0, added = 0; added < budget && perSlot.some((l) => l.length > round); round++) {
    for (const list of perSlot) {
      const input = list[round];
      if (input && added < budget) {
        inputs.push(input);
        added++;
      }
    }
  }
  // Calls with few fields: fill up with unknown query parameters holding bad values.
  while (inputs.length < minimum) {
    const value = pick([...queryNumberBad, ...queryStringBad, ...dateBad]);
    inputs.push(build(`query unknown=${value.slice(0, 20)}`, { query: { ...baseQuery, [`fuzz${inputs.length}`]: value } }));
  }
  return inputs;
}

// --- operations that name a user ------------------------------------------------------------

/** Operations that name a user without acting as or on them: the log's filter (global admins only). */
const userFilterOnly = new Set(['GET /api/Log']);

/**
 * The field by which an operation names a user to act as or to act on (issue 20): `userId` of the
 * query or the JSON body, or `id` of the user calls (`/user`, `/Users`); null for any other
 * operation. The fuzz test (fuzz-run.ts) sends these operations' inputs as the provider's own
 * customer admin too, and acting-on-users.test.ts tries each on every user.
 */
export function userFieldOf(op: Operation): 'userId' | 'id' | null {
  if (userFilterOnly.has(`${op.method} ${op.path}`)) return null;
  const fields = [...op.parameters.filter((p) => p.in !== 'path').map((p) => p.name), ...Object.keys(op.body?.schema.properties ?? {})];
  if (fields.includes('userId')) return 'userId';
  if (/\/users?$/i.test(op.path) && fields.includes('id')) return 'id';
  return null;
}

/** The user id a request names in `field` (its query, else its JSON body), or null when it names none that can be read. */
export function namedUserId(input: FuzzInput, field: string): number | null {
  const fromQuery = new URLSearchParams(input.url.split('?')[1] ?? '').get(field);
  let value: unknown = fromQuery;
  if (value === null && typeof input.payload === 'string') {
    try {
      value = (JSON.parse(input.payload) as Record<string, unknown> | null)?.[field] ?? null;
    } catch {
      value = null;
    }
  }
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
  return id !== null && Number.isSafeInteger(id) ? id : null;
}
