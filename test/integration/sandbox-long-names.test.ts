// The sandbox's long-names seed (issue 32's screen matrix): every account, location, publisher and user name is 60
// characters, from the start option, the control reset and the command line, with the same ids and counts.
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server.ts';
import { call, control, mint, PUBLISHERS } from './sandbox-http.ts';

interface State {
  accounts: { accountId: string; accountName: string }[];
  locations: { id: string; name: string }[];
  publishers: { id: string; name: string }[];
  users: { firstName: string; lastName: string }[];
}

const sb = await startSandbox({ port: 0, authPort: 0, crmPort: false, longNames: true, accounts: 30 });
afterAll(() => sb.close());

const state = () => fetch(`${sb.apiUrl}/__sandbox/state`).then((r) => r.json() as Promise<State>);

describe('the long-names seed', () => {
  it('startSandbox({ longNames, accounts: 30 }): 30 linkable accounts, every name 60 characters', async () => {
    const s = await state();
    const customers = s.accounts.filter((a) => /^10\d\d$/.test(a.accountId));
    expect(customers).toHaveLength(30);
    for (const names of [
      s.accounts.map((a) => a.accountName),
      s.locations.map((l) => l.name),
      s.publishers.map((p) => p.name),
    ]) {
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((name) => name.length !== 60)).toEqual([]);
    }
    expect(s.users.filter((u) => `${u.firstName} ${u.lastName}`.length < 60)).toEqual([]);
    // A name keeps its start, so a person still knows which one it is.
    expect(s.accounts.find((a) => a.accountId === '1001')?.accountName).toMatch(/^Harbor Bakery Group /);
    const token = await mint(sb, '1030');
    const publishers = await call<{ name: string }[]>(sb, 'GET', PUBLISHERS, { token });
    expect(publishers.body.response.every((p) => p.name.length === 60)).toBe(true);
  });

  it('a control reset without longNames gives the ordinary names back, and with it the long ones', async () => {
    await control(sb, 'POST', '/reset', { longNames: false, accounts: 3 });
    const plain = await state();
    expect(plain.accounts.find((a) => a.accountId === '1001')?.accountName).toBe('Harbor Bakery Group');
    await control(sb, 'POST', '/reset', { longNames: true, accounts: 3 });
    expect((await state()).accounts.every((a) => a.accountName.length === 60)).toBe(true);
  });
});
