// How a publisher suggestion's field maps onto a location, and what resolving one does.
import type { Address, Location, SandboxState, Suggestion } from '../model.ts';

/** What resolving needs of the store; named here so the seed, which reads this file's fields, needs no store. */
interface ResolvingStore {
  readonly state: SandboxState;
  today(): string;
  changed(): void;
}

/** The fields the seed makes suggestions on. */
export const SUGGESTION_FIELDS = [
  'name',
  'address.line1',
  'phone',
  'hours',
  'websiteUrl',
  'description',
  'categories',
] as const;

interface FieldAccess {
  read(location: Location): string;
  write(location: Location, content: string): void;
}

const textField = (key: 'name' | 'phone' | 'hours' | 'websiteUrl' | 'description'): FieldAccess => ({
  read: (location) => location[key],
  write: (location, content) => {
    location[key] = content;
  },
});

const addressField = (key: keyof Address): FieldAccess => ({
  read: (location) => location.address[key],
  write: (location, content) => {
    location.address[key] = content;
  },
});

// Suggestion content is a string; categories travel as one comma-separated list.
const FIELDS: Record<string, FieldAccess> = {
  name: textField('name'),
  'address.line1': addressField('line1'),
  'address.line2': addressField('line2'),
  'address.city': addressField('city'),
  'address.postalCode': addressField('postalCode'),
  phone: textField('phone'),
  hours: textField('hours'),
  websiteUrl: textField('websiteUrl'),
  description: textField('description'),
  categories: {
    read: (location) => location.categories.join(', '),
    write: (location, content) => {
      location.categories = content
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
    },
  },
};

/** The location's current value of a suggestion field, as suggestion content ('' for an unknown field). */
export function fieldContent(location: Location, fieldName: string): string {
  return Object.hasOwn(FIELDS, fieldName) ? (FIELDS[fieldName] as FieldAccess).read(location) : '';
}

/** Applies accepted suggestion content to the location (the vendor's "data updated to match"). */
function applyFieldContent(location: Location, fieldName: string, content: string): void {
  if (Object.hasOwn(FIELDS, fieldName)) (FIELDS[fieldName] as FieldAccess).write(location, content);
}

/** Accepting updates the location's field; either decision is final and dated today. */
export function resolveSuggestion(
  store: ResolvingStore,
  suggestion: Suggestion,
  status: 'ACCEPTED' | 'REJECTED',
): void {
  if (status === 'ACCEPTED') {
    const location = store.state.locations.find((l) => l.id === suggestion.locationId);
    if (location) applyFieldContent(location, suggestion.fieldName, suggestion.suggestedContent);
  }
  suggestion.status = status;
  suggestion.dateResolved = store.today();
  suggestion.resolvedBy = 'API';
  store.changed();
}
