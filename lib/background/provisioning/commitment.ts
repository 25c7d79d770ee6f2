// The minimum usage commitment: a service cannot be cancelled before it is met (one month for most customers).

const DAY_MS = 86_400_000;

function parseDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day.trim());
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  // 31 January plus one month is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/**
 * The day (YYYY-MM-DD) the commitment of a service started on `started` is met. `minimumUsage` and its unit
 * come from the available service; unknown or missing, the interface's "one month" applies.
 */
export function commitmentMetOn(
  started: string,
  minimumUsage?: number | string | null,
  minimumUsageUnit?: string | null,
): string | null {
  const start = parseDay(started);
  if (!start) return null;
  const amount = Number(minimumUsage);
  const known =
    minimumUsage !== null &&
    minimumUsage !== undefined &&
    minimumUsage !== '' &&
    Number.isFinite(amount) &&
    amount >= 0;
  const unit = (minimumUsageUnit ?? '').toUpperCase().replace(/S$/, '');
  let end: Date;
  if (!known) end = addMonths(start, 1);
  else if (unit === 'DAY') end = new Date(start.getTime() + amount * DAY_MS);
  else if (unit === 'YEAR') end = addMonths(start, amount * 12);
  else end = addMonths(start, amount);
  return end.toISOString().slice(0, 10);
}

/** Whether `today` (YYYY-MM-DD or epoch ms) is on or after the day the commitment is met. */
export function commitmentMet(metOn: string | null, today: number): boolean {
  if (!metOn) return false;
  const day = parseDay(metOn);
  return day !== null && today >= day.getTime();
}
