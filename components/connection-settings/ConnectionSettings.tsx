// The signals adapter re-renders this page's components that read `.value`; ui/store.ts no longer brings it
// (the popup reads signals through ui/use-value.ts and leaves the adapter out).
import '@preact/signals';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { type ConnectionView, ENVIRONMENTS } from '../../lib/messaging/protocol/index.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { Field } from '../ui/Field.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useStarted } from '../ui/store.ts';
import { TextField } from '../ui/TextField.tsx';
import {
  type ConnectionForm,
  ENVIRONMENT_LABELS,
  type Environment,
  type FieldErrors,
  type FieldName,
  fieldErrors,
  hostPattern,
  originOf,
  toInput,
} from './connection-form.ts';
import { createConnectionStore } from './connection-store.ts';
import { RequestBudget } from './RequestBudget.tsx';
import './connection-settings.css';

const MANAGED_HINT = 'Set by your organisation: ask your IT team to change it.';

export function ConnectionSettings() {
  const [store] = useState(createConnectionStore);
  useStarted(store);
  const view = store.view.value;
  const loadError = store.loadError.value;
  const [form, setForm] = useState<ConnectionForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [revealKey, setRevealKey] = useState(false);
  const [replacingKey, setReplacingKey] = useState(false);
  const [clearingKey, setClearingKey] = useState(false);
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);

  // Each view the worker answers with (loaded, saved, key cleared) is where the form starts again.
  const show = (next: ConnectionView) => {
    setForm({ ...next.settings, apiKey: '' });
    setReplacingKey(false);
    setRevealKey(false);
  };
  useEffect(() => {
    if (view) show(view);
  }, [view]);

  if (loadError && !view) {
    return (
      <ErrorNotice
        title="Connection settings could not be loaded"
        error={loadError}
        actions={
          <Button size="sm" onClick={() => void store.load()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (!view || !form) return <ProgressBar label="Loading connection settings" />;

  // Set by the organisation's browser policy: shown, not editable (the worker keeps them whatever is sent).
  const managed = new Set(view.managed);
  const hintFor = (name: keyof ConnectionForm, hint?: string) =>
    managed.has(name as (typeof view.managed)[number]) ? MANAGED_HINT : hint;

  // The sealed key belongs to the saved API address: another address needs its own key.
  const keySetHere = view.apiKeySet && originOf(form.apiUrl) === originOf(view.settings.apiUrl);
  const editingKey = !keySetHere || replacingKey || form.apiKey !== '';

  const update = (changes: Partial<ConnectionForm>) => {
    setSaved(false);
    setForm({ ...form, ...changes });
    // Fixing a field clears its message; new messages appear on Save, not while typing.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes) as (keyof ConnectionForm)[]) delete next[key];
      return next;
    });
  };

  const clearKey = async () => {
    setSaveError(null);
    setClearingKey(true);
    try {
      await store.clearApiKey();
    } catch (error) {
      setSaveError(error);
    } finally {
      setClearingKey(false);
    }
  };

  const chooseEnvironment = (environment: Environment) => {
    if (environment === 'custom') return update({ environment });
    const preset = view.presets[environment];
    // A preset without credentials (a production build knows them, others do not) keeps what was typed;
    // a preset never replaces what the organisation set.
    const keep = (name: 'apiUrl' | 'authUrl' | 'clientId', value: string) => (managed.has(name) ? form[name] : value);
    update({
      environment,
      apiUrl: keep('apiUrl', preset.apiUrl),
      authUrl: keep('authUrl', preset.authUrl),
      clientId: keep('clientId', preset.clientId || form.clientId),
      apiKey: preset.apiKey || form.apiKey,
    });
  };

  /** Editing an address or credential away from the chosen preset makes the connection Custom. */
  const editField = (name: FieldName, value: string) => {
    const environment = form.environment;
    const preset = environment === 'custom' ? undefined : view.presets[environment];
    const leavesPreset = preset && name !== 'apiVersion' && preset[name] !== '' && preset[name] !== value;
    update({ [name]: value, ...(leavesPreset ? { environment: 'custom' as const } : {}) });
  };

  const save = async (event: Event) => {
    event.preventDefault();
    setSaveError(null);
    setSaved(false);
    const found = fieldErrors(form, keySetHere);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      // permissions.request needs this click's user gesture, so it comes before any other await.
      const pattern = hostPattern(form.apiUrl);
      if (!view.grantedOrigins.includes(pattern)) {
        const granted = await browser.permissions.request({ origins: [pattern] });
        if (!granted) {
          setErrors({ apiUrl: 'Listings Desk needs permission to reach this address. Save again and choose Allow.' });
          return;
        }
      }
      await store.save(toInput(form));
      setSaved(true);
    } catch (error) {
      if (error instanceof DeskError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields as FieldErrors);
      }
      setSaveError(error);
    } finally {
      setSaving(false);
    }
  };

  const copyRedirect = async () => {
    try {
      await navigator.clipboard.writeText(view.redirectUri);
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <>
      <form class="connection-settings" onSubmit={(event) => void save(event)} noValidate>
        <fieldset
          class="connection-settings__environment"
          disabled={managed.has('environment')}
          aria-describedby={managed.has('environment') ? 'connection-environment-managed' : undefined}
        >
          <legend class="ui-field__label">Environment</legend>
          {managed.has('environment') ? (
            <p class="ui-field__hint" id="connection-environment-managed">
              {MANAGED_HINT}
            </p>
          ) : null}
          <div class="connection-settings__choices">
            {ENVIRONMENTS.map((environment) => (
              <label key={environment} class="connection-settings__choice">
                <input
                  type="radio"
                  name="environment"
                  value={environment}
                  checked={form.environment === environment}
                  onChange={() => chooseEnvironment(environment)}
                />
                <span>
                  <span class="connection-settings__choice-label">{ENVIRONMENT_LABELS[environment].label}</span>
                  <span class="connection-settings__choice-hint">{ENVIRONMENT_LABELS[environment].hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div class="connection-settings__grid">
          <TextField
            label="API base URL"
            type="url"
            name="apiUrl"
            autoComplete="off"
            spellcheck={false}
            value={form.apiUrl}
            onValue={(value) => editField('apiUrl', value)}
            error={errors.apiUrl}
            readOnly={managed.has('apiUrl')}
            hint={hintFor('apiUrl', 'Token endpoint and API calls, e.g. https://api.yext.com')}
          />
          <TextField
            label="Auth URL"
            type="url"
            name="authUrl"
            autoComplete="off"
            spellcheck={false}
            value={form.authUrl}
            onValue={(value) => editField('authUrl', value)}
            error={errors.authUrl}
            readOnly={managed.has('authUrl')}
            hint={hintFor('authUrl', 'Host of the sign-in (authorize) page, e.g. https://www.yext.com')}
          />
          <TextField
            label="Client ID"
            name="clientId"
            autoComplete="off"
            spellcheck={false}
            value={form.clientId}
            onValue={(value) => editField('clientId', value)}
            error={errors.clientId}
            readOnly={managed.has('clientId')}
            hint={hintFor('clientId')}
          />
          {editingKey ? (
            <TextField
              label="API key"
              type={revealKey ? 'text' : 'password'}
              name="apiKey"
              autoComplete="off"
              spellcheck={false}
              value={form.apiKey}
              onValue={(value) => editField('apiKey', value)}
              error={errors.apiKey}
              hint="Stored encrypted on this device; it is never shown again."
              after={
                <>
                  <Button size="sm" aria-pressed={revealKey} onClick={() => setRevealKey(!revealKey)}>
                    {revealKey ? 'Hide' : 'Reveal'}
                  </Button>
                  {keySetHere ? (
                    <Button
                      size="sm"
                      onClick={() => {
                        setReplacingKey(false);
                        update({ apiKey: '' });
                      }}
                    >
                      Keep current
                    </Button>
                  ) : null}
                </>
              }
            />
          ) : (
            <TextField
              label="API key"
              name="apiKeySet"
              class="connection-settings__key-set"
              readOnly
              value="set"
              onValue={() => undefined}
              error={errors.apiKey}
              hint="Stored encrypted on this device; it is never shown again."
              after={
                <>
                  <Button size="sm" onClick={() => setReplacingKey(true)}>
                    Replace
                  </Button>
                  <Button size="sm" busy={clearingKey} onClick={() => void clearKey()}>
                    Clear
                  </Button>
                </>
              }
            />
          )}
          <TextField
            label="API version date"
            name="apiVersion"
            autoComplete="off"
            spellcheck={false}
            placeholder="YYYYMMDD"
            value={form.apiVersion}
            onValue={(value) => editField('apiVersion', value)}
            error={errors.apiVersion}
            readOnly={managed.has('apiVersion')}
            hint={hintFor('apiVersion', `The v parameter of every call. Default ${view.defaultApiVersion}.`)}
          />
        </div>

        <Field
          label="Redirect URI"
          hint={
            <>
              Register exactly this address in your app’s OAuth configuration. It contains this copy of Listings Desk’s
              id, so another computer’s copy may show another address: register each one, or ask whoever gives you
              Listings Desk for a copy whose address stays the same.
            </>
          }
        >
          {(control) => (
            <>
              <input {...control} class="ui-input connection-settings__mono" readOnly value={view.redirectUri} />
              <Button size="sm" onClick={() => void copyRedirect()}>
                Copy
              </Button>
              <span class="connection-settings__copied" role="status">
                {copied === 'ok' ? 'Copied' : copied === 'failed' ? 'Copy failed: select the text instead' : ''}
              </span>
            </>
          )}
        </Field>

        <div class="connection-settings__actions">
          <Button type="submit" variant="primary" busy={saving}>
            Save
          </Button>
          <span role="status" class="connection-settings__saved">
            {saved ? 'Saved.' : view.saved ? '' : 'Using the build’s defaults.'}
          </span>
        </div>
        <ErrorNotice error={saveError} title="Not saved" />
      </form>
      <RequestBudget />
    </>
  );
}
