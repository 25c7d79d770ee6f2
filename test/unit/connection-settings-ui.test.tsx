import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import type { BudgetView, ConnectionView } from '../../lib/messaging/protocol/index.ts';

const ask = vi.fn();
vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: (...args: unknown[]) => ask(...args),
  onDeskEvent: () => () => {},
}));

const { ConnectionSettings } = await import('../../components/connection-settings/ConnectionSettings.tsx');

const view: ConnectionView = {
  settings: {
    environment: 'sandbox',
    apiUrl: 'http://127.0.0.1:8787',
    authUrl: 'http://localhost:8788',
    clientId: 'sandbox-client-id',
    apiVersion: '20261101',
  },
  apiKeySet: false,
  saved: false,
  managed: [],
  presets: {
    sandbox: {
      apiUrl: 'http://127.0.0.1:8787',
      authUrl: 'http://localhost:8788',
      clientId: 'sandbox-client-id',
      apiKey: 'sandbox-api-key',
    },
    production: { apiUrl: 'https://api.yext.com', authUrl: 'https://www.yext.com', clientId: '', apiKey: '' },
  },
  defaultApiVersion: '20261101',
  redirectUri: 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/oauth2',
  grantedOrigins: ['https://api.yext.com/*', 'https://www.yext.com/*', 'http://127.0.0.1/*', 'http://localhost/*'],
};

const request = vi.fn(async () => true);
// The section's "Requests this hour" asks too; its own test is request-budget.component.test.tsx.
const budget: BudgetView = {
  limit: null,
  remaining: null,
  resetAt: 0,
  spent: [],
  pausedUntil: null,
  slowed: false,
  reserve: null,
};

beforeEach(() => {
  ask.mockReset();
  ask.mockImplementation(async (type: string, input: unknown) =>
    type === 'connection.budget'
      ? budget
      : type === 'connection.get'
        ? view
        : type === 'connection.clearApiKey'
          ? { ...view, apiKeySet: false }
          : { ...view, saved: true, apiKeySet: true, settings: input },
  );
  request.mockClear();
  Object.assign(browser.permissions, { request });
});
afterEach(cleanup);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(input(label), { target: { value } });

describe('Connection section', () => {
  test('a value set by the organisation is shown read-only with who set it; the environment cannot be chosen', async () => {
    const managedView: ConnectionView = { ...view, managed: ['environment', 'apiUrl', 'clientId'] };
    ask.mockImplementation(async (kind: string) => (kind === 'connection.budget' ? budget : managedView));
    render(<ConnectionSettings />);
    await screen.findByLabelText('API base URL');
    const note = 'Set by your organisation: ask your IT team to change it.';
    for (const label of ['API base URL', 'Client ID']) {
      expect(input(label).readOnly).toBe(true);
      const hintId = input(label).getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(hintId)?.textContent).toBe(note);
    }
    expect(input('Auth URL').readOnly).toBe(false);
    const environment = screen.getByRole('group', { name: 'Environment' }) as HTMLFieldSetElement;
    expect(environment.disabled).toBe(true);
    expect(environment.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getAllByText(note)).toHaveLength(3);
  });

  test('shows the saved values, the masked API key with Reveal, and the redirect URI', async () => {
    render(<ConnectionSettings />);
    await screen.findByLabelText('API base URL');
    expect(input('API key').value).toBe('');
    expect(input('API base URL').value).toBe('http://127.0.0.1:8787');
    expect(input('API key').type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(input('API key').type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
    expect(input('Redirect URI').value).toBe(view.redirectUri);
    expect(input('Redirect URI').readOnly).toBe(true);
    // What a person can do about it; how a build keeps the id is for whoever builds it (README, not here).
    const hint = document.getElementById(input('Redirect URI').getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toContain('Register exactly this address');
    expect(document.body.textContent).not.toMatch(/LISTINGS_DESK|manifest key|\bbuild with\b/);
  });

  test('bad input gets a message beside each field, and nothing is sent', async () => {
    render(<ConnectionSettings />);
    await screen.findByLabelText('API base URL');
    type('API base URL', 'api.example.com');
    type('API version date', '2026-11-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input('API base URL').getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (label: string) =>
      (input(label).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(describedBy('API base URL')).toMatch(/absolute https:\/\/ URL/);
    expect(describedBy('API key')).toContain('Enter the API key.');
    expect(describedBy('API version date')).toMatch(/YYYYMMDD/);
    expect(ask).not.toHaveBeenCalledWith('connection.save', expect.anything());
    expect(request).not.toHaveBeenCalled();
  });

  test('a key that is set shows as "set" with Replace and Clear, and is never sent back unless replaced', async () => {
    ask.mockImplementation(async (type: string, input: unknown) =>
      type === 'connection.budget'
        ? budget
        : type === 'connection.get'
          ? { ...view, saved: true, apiKeySet: true }
          : type === 'connection.clearApiKey'
            ? { ...view, saved: true, apiKeySet: false }
            : { ...view, saved: true, apiKeySet: true, settings: input },
    );
    render(<ConnectionSettings />);
    await screen.findByLabelText('API base URL');
    expect(input('API key').value).toBe('set');
    expect(input('API key').readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(ask).toHaveBeenCalledWith('connection.save', expect.anything()));
    expect(ask.mock.calls.find(([t]) => t === 'connection.save')?.[1]).not.toHaveProperty('apiKey');
    await screen.findByText('Saved.');

    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(input('API key').type).toBe('password');
    expect(input('API key').value).toBe('');
    type('API key', 'new-secret-key');
    ask.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(ask).toHaveBeenCalledWith('connection.save', expect.objectContaining({ apiKey: 'new-secret-key' })),
    );
    await waitFor(() => expect(input('API key').value).toBe('set'));

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(ask).toHaveBeenCalledWith('connection.clearApiKey', {}));
    await waitFor(() => expect(input('API key').value).toBe(''));
    expect(input('API key').readOnly).toBe(false);
  });

  test('without a key, Save asks for one', async () => {
    render(<ConnectionSettings />);
    await screen.findByLabelText('API base URL');
    fireEvent.click(screen.getByRole('radio', { name: /Custom/ }));
    type('API key', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input('API key').getAttribute('aria-invalid')).toBe('true'));
    expect(ask).not.toHaveBeenCalledWith('connection.save', expect.anything());
  });

  test('editing an address makes the connection Custom; an origin outside the defaults asks for permission on Save', async () => {
    render(<ConnectionSettings />);
    await screen.findByLabelText('API base URL');
    type('API base URL', 'https://api.partner.example:8443');
    type('API key', 'partner-key');
    expect((screen.getByRole('radio', { name: /Custom/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(ask).toHaveBeenCalledWith('connection.save', expect.anything()));
    expect(request).toHaveBeenCalledWith({ origins: ['https://api.partner.example/*'] });
    expect(ask).toHaveBeenCalledWith('connection.save', expect.objectContaining({ environment: 'custom' }));
    await screen.findByText('Saved.');
  });

  test('a refused permission is reported beside the field and nothing is saved', async () => {
    request.mockImplementationOnce(async () => false);
    render(<ConnectionSettings />);
    await screen.findByLabelText('API base URL');
    type('API base URL', 'https://api.partner.example');
    type('API key', 'partner-key');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/needs permission to reach this address/);
    expect(ask).not.toHaveBeenCalledWith('connection.save', expect.anything());
  });

  test('the default hosts need no permission prompt; choosing Production fills the vendor hosts', async () => {
    render(<ConnectionSettings />);
    await screen.findByLabelText('API base URL');
    fireEvent.click(screen.getByRole('radio', { name: /Production/ }));
    expect(input('API base URL').value).toBe('https://api.yext.com');
    expect(input('Auth URL').value).toBe('https://www.yext.com');
    type('API key', 'production-key');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(ask).toHaveBeenCalledWith('connection.save', expect.objectContaining({ environment: 'production' })),
    );
    expect(request).not.toHaveBeenCalled();
  });
});
