// @vitest-environment node
// The listings queries read the linked accounts from memory (a storage read per query cost 15–40 ms of a
// filter), and still follow every change: a switch of the active account, a link, an unlink, a clear.
import { beforeEach, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  activeAccountKeyItem,
  type LinkedAccount,
  linkedAccountsItem,
} from '../../lib/background/core/account-items.ts';
import { heldAccounts } from '../../lib/background/listings-workspace/held-accounts.ts';

const account = (accountKey: string): LinkedAccount => ({
  accountKey,
  accountName: accountKey,
  appSpecificAccountId: accountKey,
  linkedAt: 1,
  needsRelink: false,
  apiOrigin: 'http://127.0.0.1:1',
});

beforeEach(async () => {
  fakeBrowser.reset();
  await linkedAccountsItem.setValue([account('a'), account('b')]);
  await activeAccountKeyItem.setValue('a');
});

test('repeated queries read storage once', async () => {
  const read = heldAccounts();
  const get = vi.spyOn(browser.storage.local, 'get');
  for (let i = 0; i < 5; i++) expect((await read()).activeAccountKey).toBe('a');
  expect(get.mock.calls.length).toBeLessThanOrEqual(2);
  get.mockRestore();
});

test('the next query after a switch, a link or an unlink sees it', async () => {
  const read = heldAccounts();
  expect((await read()).activeAccountKey).toBe('a');
  await activeAccountKeyItem.setValue('b');
  expect((await read()).activeAccountKey).toBe('b');
  await linkedAccountsItem.setValue([account('b'), account('c')]);
  expect((await read()).accounts.map((a) => a.accountKey)).toEqual(['b', 'c']);
  await linkedAccountsItem.setValue([account('c')]);
  expect(await read()).toEqual({ accounts: [account('c')], activeAccountKey: 'c' });
});

test('storage cleared: no account', async () => {
  const read = heldAccounts();
  await read();
  await browser.storage.local.clear();
  expect(await read()).toEqual({ accounts: [], activeAccountKey: null });
});
