import type { ApiMessage } from './errors.ts';

// Read by hand, not by zod: every call reads an envelope, and without zod's JIT (the MV3 worker) a zod
// parse of it costs more than the rest of the client's own work. Liberal, like the schema it replaces:
// a field of the wrong type takes its default, a malformed `errors` list reads as none.

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number, or what reads as one ("503"); anything else (NaN, Infinity, objects) is 0. */
function codeOf(value: unknown): number {
  let code: number;
  try {
    code = Number(value);
  } catch {
    return 0;
  }
  return Number.isFinite(code) ? code : 0;
}

function readMessages(value: unknown): ApiMessage[] {
  if (!Array.isArray(value) || !value.every(isFields)) return [];
  return value.map((m): ApiMessage => {
    const message: ApiMessage = {
      code: codeOf(m.code),
      type: typeof m.type === 'string' ? m.type : 'FATAL_ERROR',
      message: typeof m.message === 'string' ? m.message : '',
    };
    if (typeof m.name === 'string') message.name = m.name;
    return message;
  });
}

export interface Envelope {
  hasResponse: boolean;
  response: unknown;
  errors: ApiMessage[];
  uuid?: string;
}

/** Reads `{meta: {uuid, errors}, response}` without ever throwing; absent parts stay absent. */
export function readEnvelope(body: unknown): Envelope {
  if (!isFields(body)) return { hasResponse: false, response: undefined, errors: oauthErrors(body) };
  const meta = isFields(body.meta) ? body.meta : undefined;
  return {
    hasResponse: Object.hasOwn(body, 'response'),
    response: body.response,
    // Only a body without the v2 `meta` can be an OAuth-style error.
    errors: meta ? readMessages(meta.errors) : oauthErrors(body),
    uuid: typeof meta?.uuid === 'string' ? meta.uuid : undefined,
  };
}

/** OAuth endpoints answer errors the RFC 6749 way rather than with the v2 envelope. */
function oauthErrors(body: unknown): ApiMessage[] {
  if (!isFields(body) || typeof body.error !== 'string') return [];
  const description = typeof body.error_description === 'string' ? body.error_description : undefined;
  return [{ code: 0, type: 'FATAL_ERROR', name: body.error, message: description ?? body.error }];
}

export const isFatal = (m: ApiMessage): boolean => m.type === 'FATAL_ERROR';
