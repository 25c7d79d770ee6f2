// The user editor's rules, apart from its markup: which fields each mode requires, what a valid value
// is, the id offered from the name, and how strong a password looks. Pure, so it is unit-tested alone.
import type { UserView } from '../../lib/messaging/protocol/index.ts';

export type EditorMode = 'create' | 'edit';

export interface UserFormValues {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  emailAddress: string;
  phoneNumber: string;
  emailLanguagePreference: string;
  displayLanguagePreference: string;
  password: string;
}

export type FormField = keyof UserFormValues;
export const LANGUAGE_FIELDS = ['emailLanguagePreference', 'displayLanguagePreference'] as const;
export type FieldErrors = Partial<Record<FormField | 'acl', string>>;

export const EMPTY_FORM: UserFormValues = {
  id: '',
  firstName: '',
  lastName: '',
  username: '',
  emailAddress: '',
  phoneNumber: '',
  emailLanguagePreference: '',
  displayLanguagePreference: '',
  password: '',
};

/** The interface's required set: create needs the name and e-mail; update also the username and phone. */
export function requiredFields(mode: EditorMode): FormField[] {
  return mode === 'create'
    ? ['id', 'firstName', 'lastName', 'emailAddress']
    : ['firstName', 'lastName', 'username', 'emailAddress', 'phoneNumber'];
}

const LABELS: Record<FormField, string> = {
  id: 'User id',
  firstName: 'First name',
  lastName: 'Last name',
  username: 'Username',
  emailAddress: 'E-mail',
  phoneNumber: 'Phone',
  emailLanguagePreference: 'E-mail language',
  displayLanguagePreference: 'Display language',
  password: 'Password',
};

/** en, fr, fr_CA, zh-Hant: what the service's language preferences hold. */
const LANGUAGE = /^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/;

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with the usual separators and an optional leading +; at least 7 digits. */
const PHONE = /^\+?[\d\s().-]+$/;
export const USER_ID = /^(?!\.{1,2}$)[\w.~:-]{1,200}$/;

export function validateField(field: FormField, value: string, mode: EditorMode): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) {
    if (field === 'password' || !requiredFields(mode).includes(field)) return undefined;
    return `${LABELS[field]} is required.`;
  }
  switch (field) {
    case 'emailAddress':
      return EMAIL.test(trimmed) ? undefined : 'Enter an e-mail address such as name@example.com.';
    case 'phoneNumber': {
      const digits = trimmed.replace(/\D/g, '').length;
      return PHONE.test(trimmed) && digits >= 7 && digits <= 15
        ? undefined
        : 'Enter a phone number of 7 to 15 digits, such as (503) 555-0188.';
    }
    case 'id':
      return USER_ID.test(trimmed) ? undefined : 'Use letters, digits and . _ - ~ : only, without spaces.';
    case 'password':
      return mode === 'create' && value.length < 8 ? 'Use at least 8 characters.' : undefined;
    case 'emailLanguagePreference':
    case 'displayLanguagePreference':
      return LANGUAGE.test(trimmed) ? undefined : 'Enter a language code such as en, fr or fr_CA.';
    default:
      return trimmed.length > 100 ? `${LABELS[field]} is at most 100 characters.` : undefined;
  }
}

export function validateForm(values: UserFormValues, mode: EditorMode, takenIds: ReadonlySet<string>): FieldErrors {
  const errors: FieldErrors = {};
  const fields: FormField[] =
    mode === 'create'
      ? ['id', 'firstName', 'lastName', 'username', 'emailAddress', 'phoneNumber', 'password', ...LANGUAGE_FIELDS]
      : ['firstName', 'lastName', 'username', 'emailAddress', 'phoneNumber', ...LANGUAGE_FIELDS];
  for (const field of fields) {
    const error = validateField(field, values[field], mode);
    if (error) errors[field] = error;
  }
  if (mode === 'create' && !errors.id && takenIds.has(values.id.trim())) errors.id = idTakenMessage(values.id.trim());
  return errors;
}

export function idTakenMessage(id: string): string {
  return `A user with id “${id}” already exists. Choose another.`;
}

/** "Zoë Álvarez-Núñez" → "zoe.alvarez-nunez"; a number is added while the id is taken. */
export function deriveUserId(firstName: string, lastName: string, takenIds: ReadonlySet<string>): string {
  const part = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const base = [part(firstName), part(lastName)].filter(Boolean).join('.').slice(0, 60);
  if (!base) return '';
  if (!takenIds.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!takenIds.has(candidate)) return candidate;
  }
}

export type PasswordStrength = 'empty' | 'too short' | 'weak' | 'fair' | 'strong';

/** A hint, not a rule: length counts most, then the kinds of characters used. */
export function passwordStrength(password: string): PasswordStrength {
  if (!password) return 'empty';
  if (password.length < 8) return 'too short';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  if (password.length >= 14 && kinds >= 3) return 'strong';
  if (password.length >= 12 || kinds >= 3) return 'fair';
  return 'weak';
}

export function formFromUser(user: UserView): UserFormValues {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    emailAddress: user.emailAddress,
    phoneNumber: user.phoneNumber,
    emailLanguagePreference: user.emailLanguagePreference,
    displayLanguagePreference: user.displayLanguagePreference,
    password: '',
  };
}
