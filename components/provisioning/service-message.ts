import { isWireError } from '../../lib/messaging/wire-error.ts';
import { describeError } from '../ui/ErrorNotice.tsx';

/** The service's own words when it refused (e.g. the commitment date), else our sentence. */
export function serviceMessage(error: unknown): string {
  if (isWireError(error) && error.details?.[0]?.message) return error.details[0].message;
  const details = (error as { details?: { message?: string }[] } | null)?.details;
  if (Array.isArray(details) && details[0]?.message) return details[0].message;
  return describeError(error).message;
}

export const formatDay = (day: string | null) => day ?? '—';

export function formatTime(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
