import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { UsersSection } from '../../components/users-and-roles/UsersSection.tsx';
import type { RoleView, UsersView, UserView } from '../../lib/messaging/protocol/index.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';

const asked: { type: string; input: Record<string, unknown> }[] = [];
let answers: Record<string, (input: Record<string, unknown>) => unknown>;

vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async (type: string, input: Record<string, unknown>) => {
    asked.push({ type, input });
    const answer = answers[type];
    if (!answer) throw new Error(`no answer for ${type}`);
    return answer(input);
  }),
  onDeskEvent: vi.fn(() => () => undefined),
}));

const user = (id: string, firstName: string, lastName: string, extra: Partial<UserView> = {}): UserView => ({
  id,
  firstName,
  lastName,
  username: `${id}@harbor.example`,
  emailAddress: `${id}@harbor.example`,
  phoneNumber: '(503) 555-0100',
  emailLanguagePreference: 'en',
  displayLanguagePreference: 'en',
  lastLoginDate: '',
  sso: false,
  acl: [],
  ...extra,
});
const ROLES: RoleView[] = [
  { id: '101', name: 'Account Admin' },
  { id: '102', name: 'Location Manager' },
];

function view(users: UserView[], roles = ROLES): UsersView {
  return {
    accountKey: 'app-1001',
    accountName: 'Harbor Bakery Group',
    accountId: 'me',
    users,
    roles,
    fetchedAt: 1,
    error: null,
  };
}

beforeEach(() => {
  asked.length = 0;
  answers = {
    'users.list': () => view([user('rosa', 'Rosa', 'Delgado'), user('sam', 'Sam', 'Reyes')]),
    'users.scopes': () => ({ type: 'LOCATION', options: [], more: false }),
    'users.get': () => {
      throw new DeskError({ code: '2202', message: 'not found', status: 404 });
    },
  };
});
afterEach(cleanup);

async function shown() {
  render(<UsersSection />);
  await screen.findByRole('button', { name: 'Rosa Delgado' });
}

describe('the Users section', () => {
  test('searches, and selecting users offers the bulk actions', async () => {
    await shown();
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'sam' } });
    expect(screen.queryByRole('button', { name: 'Rosa Delgado' })).toBeNull();
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Rosa Delgado' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Sam Reyes' }));
    const bar = await screen.findByRole('toolbar', { name: 'Selected users' });
    expect(bar.textContent).toContain('2 selected');
  });

  test('`/` focuses the search and `n` opens a new user, but not while typing', async () => {
    await shown();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'n' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'n' });
    expect((await screen.findByRole('dialog')).textContent).toContain('New user');
  });

  test('bulk "Add access" adds the row to every selected user and lists each failure', async () => {
    answers['users.scopes'] = () => ({
      type: 'LOCATION',
      options: [{ type: 'LOCATION', id: 'HB-001', name: 'Harbor Bakery – Pearl District', detail: 'Portland, OR' }],
      more: false,
    });
    answers['users.addAcl'] = (input) => {
      if (input.userId === 'sam') throw new DeskError({ code: '2011', message: 'Missing required field: phoneNumber' });
      return { id: input.userId, added: true };
    };
    await shown();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every user shown' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add access…' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: 'Locations' });
    fireEvent.input(picker, { target: { value: 'pearl' } });
    fireEvent.mouseDown(await within(dialog).findByRole('option', { name: /Pearl District/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add access' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add to 2' }));
    await within(dialog).findByText('1 of 2 done; 1 failed.');
    expect(within(dialog).getByRole('list', { name: 'Failures' }).textContent).toBe(
      'Sam Reyes: Missing required field: phoneNumber',
    );
    expect(asked.filter((a) => a.type === 'users.addAcl').map((a) => a.input)).toEqual([
      {
        accountId: 'me',
        userId: 'rosa',
        row: { roleId: '101', roleName: 'Account Admin', onType: 'LOCATION', on: 'HB-001' },
      },
      {
        accountId: 'me',
        userId: 'sam',
        row: { roleId: '101', roleName: 'Account Admin', onType: 'LOCATION', on: 'HB-001' },
      },
    ]);
  });

  test('an account without roles explains itself', async () => {
    answers['users.list'] = () => view([user('rosa', 'Rosa', 'Delgado')], []);
    await shown();
    expect(screen.getByRole('note').textContent).toMatch(/created in the vendor’s account manager/);
  });

  test('a 403 reads as "this account does not let you manage users"', async () => {
    answers['users.list'] = () => ({
      ...view([]),
      error: { code: 'users-forbidden', message: 'This account does not let you manage users.', status: 403 },
    });
    render(<UsersSection />);
    await screen.findByText(/^This account does not let you manage users/);
    expect((screen.getByRole('button', { name: 'New user' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('a 403 after a fetch that worked: the users from before are not shown (their Delete would be refused), and it is said once', async () => {
    answers['users.list'] = () => ({
      ...view([user('rosa', 'Rosa', 'Delgado')], []),
      error: { code: 'users-forbidden', message: 'This account does not let you manage users.', status: 403 },
    });
    render(<UsersSection />);
    await screen.findByText(/^This account does not let you manage users/);
    expect(screen.queryByRole('button', { name: 'Rosa Delgado' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    // No "no roles yet" beside it: nothing is known of the roles either.
    expect(document.body.textContent).not.toContain('no roles yet');
    expect(document.body.textContent?.split('does not let you manage users')).toHaveLength(2);
  });
});

describe('the user editor', () => {
  test('shows each missing required field on submit, and a bad e-mail on blur', async () => {
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await within(dialog).findByText('First name is required.');
    expect(within(dialog).getByText('Last name is required.')).toBeTruthy();
    expect(within(dialog).getByText('E-mail is required.')).toBeTruthy();
    expect(asked.some((a) => a.type === 'users.create')).toBe(false);
    const email = within(dialog).getByLabelText('E-mail *');
    fireEvent.input(email, { target: { value: 'rosa@' } });
    fireEvent.blur(email);
    await within(dialog).findByText('Enter an e-mail address such as name@example.com.');
  });

  test('“User id is required.” goes once the name fills the id; a short password is said once; Set password does not offer “later”', async () => {
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await within(dialog).findByText('User id is required.');
    fireEvent.input(within(dialog).getByLabelText('First name *'), { target: { value: 'Ana' } });
    fireEvent.input(within(dialog).getByLabelText('Last name *'), { target: { value: 'Ruiz' } });
    expect((within(dialog).getByLabelText('User id *') as HTMLInputElement).value).toBe('ana.ruiz');
    await waitFor(() => expect(within(dialog).queryByText('User id is required.')).toBeNull());
    const password = within(dialog).getByLabelText('Password');
    fireEvent.input(password, { target: { value: 'abc' } });
    fireEvent.blur(password);
    await within(dialog).findByText('Use at least 8 characters.');
    expect(dialog.textContent).not.toContain('Too short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getAllByRole('button', { name: /^Set password/ })[0]!);
    const set = await screen.findByRole('dialog');
    expect(set.textContent).toContain('At least 8 characters.');
    expect(set.textContent).not.toMatch(/later|Leave (it )?empty/);
  });

  test('offers an id from the name and refuses one that is taken before sending', async () => {
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText('First name *'), { target: { value: 'Sam' } });
    fireEvent.input(within(dialog).getByLabelText('Last name *'), { target: { value: 'Reyes' } });
    expect((within(dialog).getByLabelText('User id *') as HTMLInputElement).value).toBe('sam.reyes');
    fireEvent.input(within(dialog).getByLabelText('User id *'), { target: { value: 'sam' } });
    fireEvent.input(within(dialog).getByLabelText('E-mail *'), { target: { value: 'sam2@harbor.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await within(dialog).findByText('A user with id “sam” already exists. Choose another.');
    expect(asked.some((a) => a.type === 'users.create')).toBe(false);
  });

  test('puts the service’s own words on the field it names, and keeps what was typed', async () => {
    answers['users.create'] = () => {
      throw new DeskError({
        code: '2011',
        message: 'createUser: HTTP 400 — 2011 Invalid field emailAddress: not an e-mail address',
        status: 400,
        fields: { emailAddress: 'Invalid field emailAddress: not an e-mail address' },
      });
    };
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText('First name *'), { target: { value: 'Ann' } });
    fireEvent.input(within(dialog).getByLabelText('Last name *'), { target: { value: 'Baker' } });
    fireEvent.input(within(dialog).getByLabelText('E-mail *'), { target: { value: 'ann@harbor.example' } });
    fireEvent.input(within(dialog).getByLabelText('Password'), { target: { value: 'Harbor-Bakery-2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await within(dialog).findByText('Invalid field emailAddress: not an e-mail address');
    expect(within(dialog).getByLabelText('E-mail *').getAttribute('aria-invalid')).toBe('true');
    expect((within(dialog).getByLabelText('First name *') as HTMLInputElement).value).toBe('Ann');
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('Harbor-Bakery-2026');
    const create = asked.find((a) => a.type === 'users.create')!;
    expect(create.input).toMatchObject({ user: { id: 'ann.baker', password: 'Harbor-Bakery-2026', acl: [] } });
  });

  test('an edit sends no password and requires the username and phone', async () => {
    answers['users.update'] = (input) => ({ id: input.userId });
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'Rosa Delgado' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    fireEvent.input(within(dialog).getByLabelText('Phone *'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await within(dialog).findByText('Phone is required.');
    fireEvent.input(within(dialog).getByLabelText('Phone *'), { target: { value: '(503) 555-0142' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(asked.some((a) => a.type === 'users.update')).toBe(true));
    const update = asked.find((a) => a.type === 'users.update')!;
    expect(update.input).toEqual({
      accountId: 'me',
      userId: 'rosa',
      user: {
        firstName: 'Rosa',
        lastName: 'Delgado',
        emailAddress: 'rosa@harbor.example',
        username: 'rosa@harbor.example',
        phoneNumber: '(503) 555-0142',
        acl: [],
      },
    });
  });

  test('picks any account of the link’s tree; its users are listed and every dialog acts on it', async () => {
    answers['provisioning.accounts'] = () => ({
      linkedAccountId: '1001',
      accounts: [
        { accountId: '1001', accountName: 'Harbor Bakery Group', parentAccountId: null },
        { accountId: '1101', accountName: 'Harbor Bakery Wholesale', parentAccountId: '1001' },
      ],
    });
    answers['users.list'] = (input) =>
      input.accountId === '1101'
        ? { ...view([user('wes', 'Wes', 'Tide')]), accountId: '1101' }
        : view([user('rosa', 'Rosa', 'Delgado')]);
    answers['users.create'] = (input) => ({ id: (input.user as { id: string }).id });
    await shown();
    const picker = (await screen.findByLabelText('Account to manage')) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.text)).toEqual([
      'Harbor Bakery Group (1001)',
      '↳ Harbor Bakery Wholesale (1101)',
    ]);
    fireEvent.change(picker, { target: { value: '1101' } });
    await screen.findByRole('button', { name: 'Wes Tide' });
    expect(screen.getByRole('heading', { name: 'Users of Harbor Bakery Wholesale' })).toBeTruthy();
    expect(asked.filter((a) => a.type === 'users.list').map((a) => a.input.accountId)).toEqual(['me', '1101']);
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText('First name *'), { target: { value: 'Ann' } });
    fireEvent.input(within(dialog).getByLabelText('Last name *'), { target: { value: 'Baker' } });
    fireEvent.input(within(dialog).getByLabelText('E-mail *'), { target: { value: 'ann@harbor.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(asked.some((a) => a.type === 'users.create')).toBe(true));
    expect(asked.find((a) => a.type === 'users.get')?.input).toMatchObject({ accountId: '1101', userId: 'ann.baker' });
    expect(asked.find((a) => a.type === 'users.create')?.input).toMatchObject({ accountId: '1101' });
  });

  test('shows the language preferences and sends only the one changed; a bad code is refused', async () => {
    answers['users.list'] = () =>
      view([user('rosa', 'Rosa', 'Delgado', { emailLanguagePreference: 'fr', displayLanguagePreference: 'de' })]);
    answers['users.update'] = (input) => ({ id: input.userId });
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'Rosa Delgado' }));
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByLabelText('E-mail language') as HTMLInputElement;
    const display = within(dialog).getByLabelText('Display language') as HTMLInputElement;
    expect([email.value, display.value]).toEqual(['fr', 'de']);
    fireEvent.input(display, { target: { value: 'español' } });
    fireEvent.blur(display);
    await within(dialog).findByText('Enter a language code such as en, fr or fr_CA.');
    fireEvent.input(display, { target: { value: 'es' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(asked.some((a) => a.type === 'users.update')).toBe(true));
    const update = asked.find((a) => a.type === 'users.update')!;
    expect(update.input.user).toMatchObject({ displayLanguagePreference: 'es' });
    // Unchanged here: the worker sends back what the service holds.
    expect(update.input.user).not.toHaveProperty('emailLanguagePreference');
  });

  test('scope names label the rows when they arrive, without undoing a change made meanwhile', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acl = (on: string) => ({
      roleId: '102',
      roleName: 'Location Manager',
      on,
      onType: 'LOCATION',
      accountId: '1001',
    });
    answers['users.list'] = () => view([user('rosa', 'Rosa', 'Delgado', { acl: [acl('HB-001'), acl('HB-002')] })]);
    answers['users.scopes'] = async () => {
      await held;
      return {
        type: 'LOCATION',
        options: [
          { type: 'LOCATION', id: 'HB-001', name: 'Pearl District', detail: '' },
          { type: 'LOCATION', id: 'HB-002', name: 'Alberta Arts', detail: '' },
        ],
        more: false,
      };
    };
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'Rosa Delgado' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Location Manager on HB-001' }));
    release();
    await within(dialog).findByText('Alberta Arts');
    expect(within(dialog).queryByText('Pearl District')).toBeNull();
    expect(within(dialog).queryByText('HB-001')).toBeNull();
  });

  test('delete stays disabled until the username is typed exactly', async () => {
    answers['users.delete'] = (input) => ({ id: input.userId });
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Rosa Delgado' }));
    const dialog = await screen.findByRole('dialog');
    const remove = within(dialog).getByRole('button', { name: 'Delete user' }) as HTMLButtonElement;
    const typed = within(dialog).getByRole('textbox');
    expect(remove.disabled).toBe(true);
    fireEvent.input(typed, { target: { value: 'rosa@harbor.exampl' } });
    expect(remove.disabled).toBe(true);
    fireEvent.input(typed, { target: { value: 'rosa@harbor.example' } });
    expect(remove.disabled).toBe(false);
    fireEvent.click(remove);
    await waitFor(() => expect(asked.some((a) => a.type === 'users.delete')).toBe(true));
  });
});
