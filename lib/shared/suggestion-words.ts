// Words and dates a suggestion's row shows, for the pages and for the worker's first-paint snapshot
// (lib/background/suggestion-triage/first-paint-tree.ts), which draws the popup's rows before any page code runs.
import { showBidiControls } from './bidi.ts';
import { WAITING } from './listing-statuses.ts';

export const SUGGESTION_STATUS_LABELS: Record<string, string> = {
  [WAITING]: 'Waiting',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
};

export function suggestionStatusLabel(status: string): string {
  return SUGGESTION_STATUS_LABELS[status] ?? status;
}

const dayMonth = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const shortDates = new Map<string, string>();

/** "2026-03-04" → "Mar 4" (this year) or "Mar 4, 2025"; anything else is shown as it came. */
export function shortDate(value: string, now = new Date()): string {
  // Rows re-render on each key press; ICU formatting is the costly part, and a popup sees few dates.
  const key = `${now.getFullYear()} ${value}`;
  const known = shortDates.get(key);
  if (known !== undefined) return known;
  const text = formatShortDate(value, now);
  if (shortDates.size < 1000) shortDates.set(key, text);
  return text;
}

function formatShortDate(value: string, now: Date): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return value;
  return (date.getUTCFullYear() === now.getFullYear() ? dayMonth : dayMonthYear).format(date);
}

/** A suggested link that turns an https address into a plain http one: the row warns about it. */
export function downgradesToHttp(original: string, suggested: string): boolean {
  const protocol = (text: string) => /^\s*(https?):\/\//i.exec(text)?.[1]?.toLowerCase();
  return protocol(original) === 'https' && protocol(suggested) === 'http';
}

// What a person reads for the field a suggestion changes: the service's own names (`websiteUrl`,
// `address.line1`) stay in CSV files and in small print only.
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  locationName: 'Name',
  address: 'Address',
  'address.line1': 'Address, line 1',
  'address.line2': 'Address, line 2',
  address2: 'Address, line 2',
  'address.city': 'City',
  city: 'City',
  'address.region': 'State or region',
  state: 'State or region',
  'address.postalCode': 'Postal code',
  zip: 'Postal code',
  countryCode: 'Country',
  phone: 'Phone',
  mainPhone: 'Phone',
  hours: 'Hours',
  websiteUrl: 'Website',
  description: 'Description',
  categories: 'Categories',
  email: 'E-mail',
  emails: 'E-mail addresses',
  logo: 'Logo',
  photos: 'Photos',
  paymentOptions: 'Payment options',
  folderId: 'Folder',
  labelIds: 'Labels',
};

/** "websiteUrl" → "Website"; a name not in the table is spelt out ("address.postalCode2" → "Address, postal code 2"). */
export function fieldLabel(fieldName: string): string {
  if (!fieldName) return 'Field not named';
  const known = FIELD_LABELS[fieldName];
  if (known) return known;
  const parts = fieldName
    .split('.')
    .map((part) =>
      part
        .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
        .replace(/([0-9])([A-Za-z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .trim()
        .toLowerCase(),
    )
    .filter(Boolean);
  const text = parts.join(', ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : fieldName;
}

/**
 * A change as one line of plain text, for the title of a diff that is cut to a few lines (the row's ellipsis
 * hides the rest): the suggested text, then the current one, bidi controls written out as the diff shows them.
 */
export function changeTitle(before: string, after: string): string {
  const shown = (text: string) => (text ? showBidiControls(text) : '(empty)');
  return `Now: ${shown(after)} · Was: ${shown(before)}`;
}
