// Dates and statuses as a person reads them: the service's days and times through the shared date formatter
// (lib/shared/suggestion-words.ts), its statuses in words, an unknown one kept as it came.
import { shortDate } from '../../lib/shared/suggestion-words.ts';

/** "2026-11-27" → "Nov 27" (this year) or "Nov 27, 2025"; null → "—". */
export const formatDay = (day: string | null | undefined) => (day ? shortDate(day) : '—');

/** The service's "2026-11-27T10:05:00" (no zone: shown as sent) → "Nov 27 10:05". */
export function formatServiceTime(value: string): string {
  if (!value) return '—';
  const time = /T(\d{2}:\d{2})/.exec(value)?.[1];
  return time ? `${shortDate(value)} ${time}` : shortDate(value);
}

export function formatTime(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const STATUS_WORDS: Record<string, string> = {
  SUBMITTED: 'Submitted',
  PROCESSING: 'Processing',
  REVIEW: 'In review',
  COMPLETED: 'Completed',
  CANCELED: 'Canceled',
  FAILED: 'Failed',
  ACTIVE: 'Active',
  STOPPED: 'Stopped',
};

/** An add request's or a service's status in words; one the product does not know is shown verbatim. */
export function statusWords(status: string): string {
  return STATUS_WORDS[status] ?? status;
}
