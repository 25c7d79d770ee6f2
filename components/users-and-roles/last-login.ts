// Last login, from the service's UNIX seconds (a string), as a relative date: "3 days ago".

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** '' or anything that is not a positive number of seconds reads "Never". */
export function lastLoginText(seconds: string, nowMs: number): string {
  const value = Number(seconds);
  if (!seconds.trim() || !Number.isFinite(value) || value <= 0) return 'Never';
  const diff = value - nowMs / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return relative.format(Math.round(diff / size), unit);
  }
  return 'just now';
}

export function lastLoginTitle(seconds: string): string | undefined {
  const value = Number(seconds);
  if (!seconds.trim() || !Number.isFinite(value) || value <= 0) return undefined;
  return new Date(value * 1000).toLocaleString();
}
