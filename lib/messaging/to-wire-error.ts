// Any error, as the redacted wire shape a reply carries. Worker-side only: it needs zod, which UI bundles leave out.
import { z } from 'zod';
import { problemWords } from './error-words.ts';
import { serviceSentence } from './service-words.ts';
import { DeskError, type WireError } from './wire-error.ts';

export function zodToWire(error: z.ZodError): WireError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'input';
    fields[key] ??= issue.message;
  }
  // Forms read `fields`; anyone else reads a sentence, not a schema path.
  return {
    code: 'invalid-input',
    message:
      'Listings Desk’s background worker could not read this request, so nothing was done. Reload the page, then try again.',
    fields,
  };
}

interface ApiErrorLike {
  name: 'ApiError';
  message: string;
  operation?: string;
  status?: number;
  errors?: { code: number; type: string; message: string }[];
  kind?: string;
  rateLimit?: { reset?: number };
}

export function toWireError(error: unknown): WireError {
  if (error instanceof DeskError) return error.toWire();
  if (error instanceof z.ZodError) return zodToWire(error);
  if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ApiError') {
    const api = error as ApiErrorLike;
    const details = api.errors ?? [];
    const code = details[0] ? String(details[0].code) : (api.kind ?? `http-${api.status ?? 'error'}`);
    const resetAt = api.rateLimit?.reset ? api.rateLimit.reset * 1000 : undefined;
    // The message is what a person reads: a sentence, never the client's "operation: HTTP nnn — …".
    const { sentence } = problemWords({ code, status: api.status, details, resetAt }, { own: serviceSentence });
    return {
      code,
      message: sentence,
      operation: api.operation,
      status: api.status,
      details,
      ...(resetAt ? { resetAt } : {}),
    };
  }
  // Unknown errors may quote a URL with credentials in it, so their text never leaves the worker.
  return { code: 'internal', message: 'Something went wrong in Listings Desk’s background worker.' };
}
