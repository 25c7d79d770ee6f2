import { z } from 'zod';
import type { ApiMessage } from './errors.ts';

const message = z
  .looseObject({
    code: z.coerce.number().catch(0),
    type: z.string().catch('FATAL_ERROR'),
    message: z.string().catch(''),
    name: z.string().optional().catch(undefined),
  })
  .transform(
    ({ code, type, message, name }): ApiMessage =>
      name === undefined ? { code, type, message } : { code, type, message, name },
  );

const envelope = z.looseObject({
  meta: z
    .looseObject({
      uuid: z.string().optional().catch(undefined),
      errors: z.array(message).catch([]),
    })
    .optional()
    .catch(undefined),
  response: z.unknown(),
});

// OAuth endpoints answer errors the RFC 6749 way rather than with the v2 envelope.
const oauthError = z.looseObject({ error: z.string(), error_description: z.string().optional().catch(undefined) });

export interface Envelope {
  hasResponse: boolean;
  response: unknown;
  errors: ApiMessage[];
  uuid?: string;
}

/** Reads `{meta: {uuid, errors}, response}` without ever throwing; absent parts stay absent. */
export function readEnvelope(body: unknown): Envelope {
  const parsed = envelope.safeParse(body);
  if (!parsed.success) return { hasResponse: false, response: undefined, errors: oauthErrors(body) };
  const { meta, response } = parsed.data;
  const errors = meta?.errors ?? [];
  return {
    hasResponse: Object.hasOwn(parsed.data, 'response'),
    response,
    // Only a body without the v2 `meta` can be an OAuth-style error; a failed parse costs a ZodError.
    errors: meta ? errors : oauthErrors(body),
    uuid: meta?.uuid,
  };
}

function oauthErrors(body: unknown): ApiMessage[] {
  const parsed = oauthError.safeParse(body);
  if (!parsed.success) return [];
  const { error, error_description } = parsed.data;
  return [{ code: 0, type: 'FATAL_ERROR', name: error, message: error_description ?? error }];
}

export const isFatal = (m: ApiMessage): boolean => m.type === 'FATAL_ERROR';
