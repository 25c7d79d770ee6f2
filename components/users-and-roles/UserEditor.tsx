// Create and edit in one form. Errors show per field on blur and on submit, the service's own words
// land on the field they name, and a failed save keeps everything typed. The password is create-only,
// lives in this form's state until sent, and is never shown back.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { RoleView, UserView } from '../../lib/messaging/protocol/index.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { Field } from '../ui/Field.tsx';
import { AclEditor } from './AclEditor.tsx';
import { type AclDraftRow, draftFromView } from './acl-rules.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { useScopeNames } from './use-scope-names.ts';
import {
  deriveUserId,
  type EditorMode,
  EMPTY_FORM,
  type FieldErrors,
  type FormField,
  formFromUser,
  idTakenMessage,
  LANGUAGE_FIELDS,
  requiredFields,
  type UserFormValues,
  validateField,
  validateForm,
} from './user-form.ts';
import { useUsersAccount, useUsersRequests } from './users-account.ts';

export interface UserEditorProps {
  mode: EditorMode;
  user?: UserView;
  users: UserView[];
  roles: RoleView[];
  onClose: () => void;
  onSaved: (id: string) => void;
}

const FIELDS: { field: FormField; label: string; type: string; autoComplete: string; hint?: string }[] = [
  { field: 'firstName', label: 'First name', type: 'text', autoComplete: 'off' },
  { field: 'lastName', label: 'Last name', type: 'text', autoComplete: 'off' },
  { field: 'emailAddress', label: 'E-mail', type: 'email', autoComplete: 'off' },
  { field: 'username', label: 'Username', type: 'text', autoComplete: 'off' },
  { field: 'phoneNumber', label: 'Phone', type: 'tel', autoComplete: 'off' },
  {
    field: 'emailLanguagePreference',
    label: 'E-mail language',
    type: 'text',
    autoComplete: 'off',
    hint: 'A language code such as en or fr_CA; empty: the service’s default.',
  },
  {
    field: 'displayLanguagePreference',
    label: 'Display language',
    type: 'text',
    autoComplete: 'off',
    hint: 'The language the service’s pages show, e.g. en or de.',
  },
];

function isNotFound(error: unknown): boolean {
  return error instanceof DeskError && (error.status === 404 || error.code === '2202');
}

export function UserEditor({ mode, user, users, roles, onClose, onSaved }: UserEditorProps) {
  const accountId = useUsersAccount();
  const requests = useUsersRequests();
  const [values, setValues] = useState<UserFormValues>(() => (user ? formFromUser(user) : EMPTY_FORM));
  const [opened] = useState(values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [idEdited, setIdEdited] = useState(mode === 'edit');
  const [rows, setRows] = useState<AclDraftRow[]>(() => (user?.acl ?? []).map((row) => draftFromView(row, {})));
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const form = useRef<HTMLFormElement>(null);
  const takenIds = useMemo(() => new Set(users.map((u) => u.id)), [users]);
  const names = useScopeNames(user?.acl ?? []);

  // Names arrive after the form opens: they label the rows without undoing edits made meanwhile.
  useEffect(() => {
    setRows((current) => current.map((row) => ({ ...row, onName: names[`${row.onType} ${row.on}`] ?? row.onName })));
  }, [names]);

  const set = (field: FormField, value: string) => {
    setValues((previous) => {
      const next = { ...previous, [field]: value };
      if (mode === 'create' && !idEdited && (field === 'firstName' || field === 'lastName')) {
        next.id = deriveUserId(next.firstName, next.lastName, takenIds);
      }
      return next;
    });
    if (field === 'id') setIdEdited(true);
    // An error already shown is re-checked as the user types, so it goes away once fixed.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: validateField(field, value, mode) }));
    // The id offered from the name fills the id box: its "User id is required." goes with it.
    if (mode === 'create' && !idEdited && field !== 'id' && errors.id) {
      const id = deriveUserId(
        field === 'firstName' ? value : values.firstName,
        field === 'lastName' ? value : values.lastName,
        takenIds,
      );
      setErrors((e) => ({ ...e, id: validateField('id', id, mode) }));
    }
  };

  const blur = (field: FormField) => {
    let error = validateField(field, values[field], mode);
    if (!error && field === 'id' && mode === 'create' && takenIds.has(values.id.trim()))
      error = idTakenMessage(values.id.trim());
    setErrors((e) => ({ ...e, [field]: error }));
  };

  const focusFirstError = () => {
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const found = validateForm(values, mode, takenIds);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstError();
      return;
    }
    setSaving(true);
    setSaveError(null);
    const acl = rows.map(({ roleId, roleName, onType, on }) => ({ roleId, roleName, onType: onType as 'ACCOUNT', on }));
    const trimmed = (field: FormField) => values[field].trim();
    const languages = (send: (field: (typeof LANGUAGE_FIELDS)[number]) => boolean) =>
      Object.fromEntries(LANGUAGE_FIELDS.filter(send).map((field) => [field, trimmed(field)]));
    try {
      if (mode === 'create') {
        const id = trimmed('id');
        // The list may be older than the service: ask it whether the id is free before creating.
        const clash = await requests.get(accountId, id).then(
          () => true,
          (error) => (isNotFound(error) ? false : null),
        );
        if (clash) {
          setErrors((e) => ({ ...e, id: idTakenMessage(id) }));
          focusFirstError();
          return;
        }
        await requests.create(accountId, {
          id,
          firstName: trimmed('firstName'),
          lastName: trimmed('lastName'),
          emailAddress: trimmed('emailAddress'),
          ...(trimmed('username') ? { username: trimmed('username') } : {}),
          ...(trimmed('phoneNumber') ? { phoneNumber: trimmed('phoneNumber') } : {}),
          ...(values.password ? { password: values.password } : {}),
          ...languages((field) => trimmed(field) !== ''),
          acl,
        });
        onSaved(id);
      } else if (user) {
        await requests.update(accountId, user.id, {
          firstName: trimmed('firstName'),
          lastName: trimmed('lastName'),
          emailAddress: trimmed('emailAddress'),
          username: trimmed('username'),
          phoneNumber: trimmed('phoneNumber'),
          // Only a preference changed here: the worker sends back the rest as the service holds it.
          ...languages((field) => values[field] !== opened[field]),
          acl,
        });
        onSaved(user.id);
      }
    } catch (error) {
      const fields = error instanceof DeskError ? error.fields : {};
      const onFields: FieldErrors = {};
      for (const [name, text] of Object.entries(fields)) {
        const key = (name.startsWith('user.') ? name.slice(5) : name).split('.')[0] as FormField | 'acl';
        if (key === 'acl' || key in EMPTY_FORM) onFields[key] ??= text;
      }
      setErrors((e) => ({ ...e, ...onFields }));
      setSaveError(error);
      focusFirstError();
    } finally {
      setSaving(false);
    }
  };

  const required = requiredFields(mode);
  const title =
    mode === 'create' ? 'New user' : `Edit ${user ? `${user.firstName} ${user.lastName}`.trim() || user.id : 'user'}`;

  return (
    <Dialog
      title={title}
      class="ue-dialog ue-wide-dialog"
      // Escape does nothing while the request is under way: its outcome must be seen.
      onClose={saving ? () => undefined : onClose}
      actions={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="ue-user-form" busy={saving}>
            {mode === 'create' ? 'Create user' : 'Save changes'}
          </Button>
        </>
      }
    >
      <form id="ue-user-form" ref={form} class="ue-form" onSubmit={submit} noValidate aria-label={title}>
        <ErrorNotice
          error={saveError}
          title={mode === 'create' ? 'The user was not created' : 'The changes were not saved'}
        />
        <div class="ue-form__grid">
          {FIELDS.map(({ field, label, type, autoComplete, hint }) => (
            <Field
              key={field}
              label={required.includes(field) ? `${label} *` : label}
              hint={hint}
              error={errors[field]}
            >
              {(control) => (
                <input
                  {...control}
                  class="ui-input"
                  name={field}
                  type={type as 'text'}
                  autoComplete={autoComplete}
                  spellcheck={false}
                  required={required.includes(field)}
                  value={values[field]}
                  onInput={(event) => set(field, event.currentTarget.value)}
                  onBlur={() => blur(field)}
                />
              )}
            </Field>
          ))}
          {mode === 'create' ? (
            <Field
              label="User id *"
              error={errors.id}
              hint="Offered from the name; change it if you like. It cannot be changed later."
            >
              {(control) => (
                <input
                  {...control}
                  class="ui-input ue-mono"
                  name="id"
                  autoComplete="off"
                  spellcheck={false}
                  required
                  value={values.id}
                  onInput={(event) => set('id', event.currentTarget.value)}
                  onBlur={() => blur('id')}
                />
              )}
            </Field>
          ) : (
            <Field label="User id" hint="Chosen when the user was created.">
              {(control) => <input {...control} class="ui-input ue-mono" readOnly value={values.id} />}
            </Field>
          )}
          {mode === 'create' ? (
            <PasswordInput
              label="Password"
              value={values.password}
              onValue={(value) => set('password', value)}
              onBlur={() => blur('password')}
              error={errors.password}
              emptyHint="At least 8 characters. Leave it empty to set one later with Set password."
            />
          ) : null}
        </div>
        {mode === 'edit' ? (
          <p class="ue-form__note">Saving does not change the password: use Set password for that.</p>
        ) : null}
        <AclEditor rows={rows} roles={roles} onChange={setRows} error={errors.acl} />
      </form>
    </Dialog>
  );
}
