// The Users section's figures: the two functions one keystroke of search runs over a large account's users
// (filter + sort, the rows' access summaries), timed in Node with no input, render or DOM; and fetching every
// user in pages of 50 over a slow link.
import { accessSummary } from '../components/users-and-roles/acl-rules.ts';
import { visibleUsers } from '../components/users-and-roles/users-list.ts';
import { ApiClient } from '../lib/api/client.ts';
import { createUser, fetchAllUsers } from '../lib/api/users.ts';
import type { UserView } from '../lib/messaging/protocol/index.ts';
import { startSandbox } from '../sandbox/server.ts';
import { type Figure, median } from './figure.ts';

function manyUsers(n: number): UserView[] {
  const first = ['Ana', 'Zoë', 'Jordan', 'Priya', 'Sam', 'Elena', 'Tom', 'Marcus', 'Aisha', 'Devon'];
  const last = ['Álvarez', 'Nguyen', 'Park', 'Reyes', 'Sato', 'Whitaker', 'Bello', 'Lee', 'Natarajan', 'Delgado'];
  return Array.from({ length: n }, (_, i) => ({
    id: `user-${i}`,
    firstName: first[i % first.length]!,
    lastName: `${last[(i * 7) % last.length]} ${i}`,
    username: `user${i}@harbor.example`,
    emailAddress: `user${i}@harbor.example`,
    phoneNumber: '(503) 555-0100',
    emailLanguagePreference: 'en',
    displayLanguagePreference: 'en',
    lastLoginDate: String(1_700_000_000 + i * 977),
    sso: false,
    acl: [
      {
        roleId: String(101 + (i % 5)),
        roleName: 'Location Manager',
        on: `HB-${i % 300}`,
        onType: 'LOCATION',
        accountId: '1',
      },
    ],
  }));
}

function searchFigure(): Figure {
  const users = manyUsers(5_000);
  const times: number[] = [];
  for (const query of ['a', 'al', 'alv', 'alva', 'park 4', 'user12', 'zoe', '']) {
    const t = performance.now();
    const shown = visibleUsers(users, { query, roleId: '', sort: { column: 'name', direction: 'asc' } });
    // The rows' access summaries are part of what one keystroke costs.
    for (const user of shown.slice(0, 200)) accessSummary(user.acl);
    times.push(performance.now() - t);
  }
  const value = Math.round(median(times) * 10) / 10;
  return {
    name: 'users search over 5,000 users: visibleUsers() + accessSummary() of 200 rows, in Node (no input, render or DOM)',
    value,
    unit: 'ms',
    target: '≤ 16 ms',
    pass: value <= 16,
  };
}

async function fetchAllFigures(): Promise<Figure[]> {
  const sandbox = await startSandbox({ port: 0, authPort: 0 });
  try {
    const control = async (path: string, body: unknown) =>
      (await (
        await fetch(`${sandbox.apiUrl}/__sandbox/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as Record<string, string>;
    const { access_token: token } = await control('tokens', {});
    const client = new ApiClient({ baseUrl: sandbox.apiUrl, apiKey: sandbox.apiKey, accessToken: token });
    for (let i = 0; i < 489; i++) {
      await createUser(client, 'me', {
        id: `bench-${i}`,
        firstName: 'Bench',
        lastName: String(i),
        emailAddress: `b${i}@x.example`,
      });
    }
    await control('latency', { ms: 50 });
    await fetch(`${sandbox.apiUrl}/__sandbox/requests`, { method: 'DELETE' });
    const t = performance.now();
    const { users } = await fetchAllUsers(client, 'me');
    const ms = Math.round(performance.now() - t);
    const requests = ((await (await fetch(`${sandbox.apiUrl}/__sandbox/requests`)).json()) as { count: number }).count;
    const minimum = Math.ceil(users.length / 50);
    return [
      {
        name: `users fetch-all, ${users.length} users at 50 ms latency: requests / minimum`,
        value: requests / minimum,
        unit: '×',
        target: '1.0×',
        pass: requests === minimum,
      },
      { name: `users fetch-all, ${users.length} users at 50 ms latency`, value: ms, unit: 'ms' },
    ];
  } finally {
    await sandbox.close();
  }
}

export async function usersFigures(): Promise<Figure[]> {
  return [searchFigure(), ...(await fetchAllFigures())];
}
