// The vendor's OpenAPI description (the subsets in ../shared/openapi/, never copied into the project), and
// the checks the conformance test makes with it: which operation a call is, whether the request the client
// built fits that operation's parameters and body, and whether the answer fits its response schema.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with its function as `default`.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** Read from the steering repo's shared/ beside the project (CI lays a copy there too). */
export const OPENAPI_DIR = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'openapi');
const FILES = { admin: 'adminapi.subset.json', knowledge: 'knowledgeapi.subset.json' } as const;
type DocName = keyof typeof FILES;

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  style?: string;
  schema?: { type?: string; items?: { type?: string } };
  $ref?: string;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, unknown>;
}
type PathItem = { parameters?: Parameter[] } & Record<string, unknown>;
interface Document {
  paths: Record<string, PathItem>;
  components: Record<string, Record<string, unknown>>;
}

/** One difference between what the vendor describes and what was sent or answered. */
export interface Mismatch {
  operation: string;
  side: 'request' | 'response';
  /** Where: `path`, `query.<name>`, `body/<pointer>` or `/<pointer into the answer>` (array indexes as `*`). */
  at: string;
  /** What kind: an ajv keyword (`type`, `enum`, `required`, `format`, …) or `unknown-parameter`, `list-form`. */
  kind: string;
  message: string;
}

export interface VendorOperation {
  doc: DocName;
  method: string;
  /** The vendor's path template, e.g. `/accounts/{accountId}/services`. */
  template: string;
  operation: Operation;
  parameters: Parameter[];
}

export interface VendorDescription {
  operations: VendorOperation[];
  /** The operation a vendor path (no `/v2`) and method are, or undefined. */
  find(method: string, vendorPath: string): VendorOperation | undefined;
  /** Checks a request's path values, query parameter names and value forms, and its JSON body. */
  checkRequest(op: VendorOperation, vendorPath: string, query: Record<string, string>, body: unknown): Mismatch[];
  /** Checks an answer's JSON body against the response schema of its status (or `default`). */
  checkResponse(op: VendorOperation, status: number, body: unknown): Mismatch[];
}

/** Fails with one line when the folder is not beside the project. */
export function loadVendorDescription(): VendorDescription {
  if (!existsSync(OPENAPI_DIR)) {
    throw new Error(`The vendor's OpenAPI subsets are not at ${OPENAPI_DIR} (shared/openapi/ beside the project).`);
  }
  const docs = Object.fromEntries(
    Object.entries(FILES).map(([name, file]) => [name, JSON.parse(readFileSync(join(OPENAPI_DIR, file), 'utf8'))]),
  ) as Record<DocName, Document>;
  // OpenAPI 3.0 schemas: `nullable`, `example`, `readOnly`, `discriminator` with mappings outside the subset;
  // strict: false leaves the keywords JSON Schema does not know to their documentation role.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // The vendor's own format name for formatted text in Entity fields (not one this check reaches).
  ajv.addFormat('rich-text', true);
  for (const [name, doc] of Object.entries(docs)) ajv.addSchema(doc as object, name);

  const compiled = new Map<string, ValidateFunction>();
  const validator = (doc: DocName, pointer: string) => {
    const key = `${doc}#${pointer}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: key });
      compiled.set(key, validate);
    }
    return validate;
  };
  const pointerOf = (...parts: string[]) => parts.map((p) => `/${p.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  const deref = <T>(doc: DocName, value: T | { $ref: string }): T => {
    if (value && typeof value === 'object' && '$ref' in value && typeof value.$ref === 'string') {
      const parts = value.$ref.replace(/^#\//, '').split('/');
      // biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
      return parts.reduce((node: any, part) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')], docs[doc]) as T;
    }
    return value as T;
  };

  const operations: VendorOperation[] = [];
  // The admin file is the current one: it wins for the one path both describe (GET /accounts).
  for (const doc of ['admin', 'knowledge'] as const) {
    for (const [template, item] of Object.entries(docs[doc].paths)) {
      for (const [method, value] of Object.entries(item)) {
        if (method === 'parameters') continue;
        const operation = value as Operation;
        if (operations.some((o) => o.template === template && o.method === method.toUpperCase())) continue;
        const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => deref(doc, p));
        operations.push({ doc, method: method.toUpperCase(), template, operation, parameters });
      }
    }
  }
  const patterns = operations.map((op) => ({
    op,
    pattern: new RegExp(`^${op.template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));

  const asMismatches = (
    operation: string,
    side: Mismatch['side'],
    prefix: string,
    errors: ErrorObject[] | null | undefined,
  ): Mismatch[] =>
    (errors ?? []).map((e) => {
      const missing = e.keyword === 'required' ? `/${(e.params as { missingProperty: string }).missingProperty}` : '';
      return {
        operation,
        side,
        at: `${prefix}${e.instancePath}${missing}`.replace(/\/\d+(?=\/|$)/g, '/*'),
        kind: e.keyword,
        message: e.message ?? e.keyword,
      };
    });

  /** A query or path value as the schema's type would read it; lists written `a,b` (the vendor's form). */
  const readValue = (parameter: Parameter, raw: string): { value: unknown; bracketed: boolean } => {
    const type = parameter.schema?.type;
    const bracketed = type === 'array' && /^\[.*\]$/.test(raw);
    const scalar = (text: string, itemType: string | undefined): unknown => {
      if (itemType === 'integer' || itemType === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
      if (itemType === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
      return text;
    };
    if (type === 'array') {
      const inner = bracketed ? raw.slice(1, -1) : raw;
      return { value: inner.split(',').map((part) => scalar(part, parameter.schema?.items?.type)), bracketed };
    }
    return { value: scalar(raw, type), bracketed };
  };

  const checkParameter = (op: VendorOperation, parameter: Parameter, raw: string, at: string): Mismatch[] => {
    const index = op.parameters.indexOf(parameter);
    const { value, bracketed } = readValue(parameter, raw);
    const out: Mismatch[] = [];
    if (bracketed) {
      out.push({
        operation: op.operation.operationId,
        side: 'request',
        at,
        kind: 'list-form',
        message: `${at} written [a,b]; the vendor's example is a,b`,
      });
    }
    // The parameter's own schema, reached through the operation (or path item) that holds it.
    const pointer = schemaPointer(op, parameter, index);
    const validate = validator(op.doc, pointer);
    if (!validate(value)) out.push(...asMismatches(op.operation.operationId, 'request', at, validate.errors));
    return out;
  };

  /** Where a parameter's schema sits in its document: components, the path item or the operation. */
  function schemaPointer(op: VendorOperation, parameter: Parameter, index: number): string {
    const item = docs[op.doc].paths[op.template]!;
    const sources: [unknown[] | undefined, string[]][] = [
      [item.parameters, ['paths', op.template, 'parameters']],
      [
        (item[op.method.toLowerCase()] as Operation | undefined)?.parameters,
        ['paths', op.template, op.method.toLowerCase(), 'parameters'],
      ],
    ];
    for (const [list, base] of sources) {
      for (const [i, entry] of (list ?? []).entries()) {
        const resolved = deref(op.doc, entry as Parameter);
        if (resolved !== parameter) continue;
        const ref = (entry as Parameter).$ref;
        return ref ? `${ref.replace(/^#/, '')}/schema` : `${pointerOf(...base, String(i))}/schema`;
      }
    }
    throw new Error(`parameter ${parameter.name} (${index}) not found in ${op.template}`);
  }

  return {
    operations,
    find(method, vendorPath) {
      return patterns.find(({ op, pattern }) => op.method === method && pattern.test(vendorPath))?.op;
    },
    checkRequest(op, vendorPath, query, body) {
      const id = op.operation.operationId;
      const out: Mismatch[] = [];
      // Path values, read from the template's placeholders.
      const names = [...op.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const values = new RegExp(`^${op.template.replace(/\{[^}]+\}/g, '([^/]+)')}$`).exec(vendorPath)?.slice(1) ?? [];
      names.forEach((name, i) => {
        const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name);
        if (parameter) out.push(...checkParameter(op, parameter, decodeURIComponent(values[i]!), `path.${name}`));
      });
      for (const [name, raw] of Object.entries(query)) {
        const parameter = op.parameters.find((p) => p.in === 'query' && p.name === name);
        if (!parameter) {
          out.push({
            operation: id,
            side: 'request',
            at: `query.${name}`,
            kind: 'unknown-parameter',
            message: `query parameter ${name} is not one the vendor defines for ${id}`,
          });
          continue;
        }
        out.push(...checkParameter(op, parameter, raw, `query.${name}`));
      }
      // api_key, access_token and v never reach the log: the sandbox's guard requires them on every call.
      const credentials = new Set(['v']);
      for (const parameter of op.parameters) {
        if (
          parameter.in === 'query' &&
          parameter.required &&
          !credentials.has(parameter.name) &&
          !(parameter.name in query)
        ) {
          out.push({
            operation: id,
            side: 'request',
            at: `query.${parameter.name}`,
            kind: 'required',
            message: `required query parameter ${parameter.name} is missing`,
          });
        }
      }
      const content = op.operation.requestBody?.content['application/json'];
      if (content) {
        if (body === undefined) {
          if (op.operation.requestBody?.required) {
            out.push({ operation: id, side: 'request', at: 'body', kind: 'required', message: 'no JSON body' });
          }
        } else {
          const pointer = pointerOf(
            'paths',
            op.template,
            op.method.toLowerCase(),
            'requestBody',
            'content',
            'application/json',
            'schema',
          );
          const validate = validator(op.doc, pointer);
          if (!validate(body)) out.push(...asMismatches(id, 'request', 'body', validate.errors));
        }
      } else if (body !== undefined) {
        out.push({ operation: id, side: 'request', at: 'body', kind: 'unknown-body', message: `${id} takes no body` });
      }
      return out;
    },
    checkResponse(op, status, body) {
      const id = op.operation.operationId;
      const key = String(status) in op.operation.responses ? String(status) : 'default';
      const response = deref<{ $ref?: string; content?: Record<string, unknown> }>(
        op.doc,
        op.operation.responses[key] as { $ref: string },
      );
      if (!response?.content?.['application/json']) return [];
      const ref = (op.operation.responses[key] as { $ref?: string }).$ref;
      const base = ref
        ? ref.replace(/^#/, '')
        : pointerOf('paths', op.template, op.method.toLowerCase(), 'responses', key);
      const validate = validator(op.doc, `${base}${pointerOf('content', 'application/json', 'schema')}`);
      return validate(body) ? [] : asMismatches(id, 'response', '', validate.errors);
    },
  };
}
