// Any error, as the redacted wire shape a reply carries. Worker-side only: it needs zod, which UI bundles leave out.
import { z } from 'zod';
import { DeskError, type WireError } from './wire-error.ts';

export function zodToWire(error: z.ZodError): WireError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'input';
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  return {
    code: 'invalid-input',
    message: first ? `${first[0]}: ${first[1]}` : 'The request was not well-formed.',
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
}

export function toWireError(error: unknown): WireError {
  if (error instanceof DeskError) return error.toWire();
  if (error instanceof z.ZodError) return zodToWire(error);
  if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ApiError') {
    const api = error as ApiErrorLike;
    const details = api.errors ?? [];
    return {
      code: details[0] ? String(details[0].code) : (api.kind ?? `http-${api.status ?? 'error'}`),
      message: api.message,
      operation: api.operation,
      status: api.status,
      details,
    };
  }
  // Unknown errors may quote a URL with credentials in it, so their text never leaves the worker.
  return { code: 'internal', message: 'Something went wrong in Listings Desk’s background worker.' };
}
