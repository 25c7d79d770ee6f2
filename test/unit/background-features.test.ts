// The background's one list of features: every request has a handler, and unlinking asks every feature
// to forget the account, writing what they return together with the account's removal in one call.
import { beforeEach, expect, test, vi } from 'vitest';
import { storage } from 'wxt/utils/storage';
import { createAccountLinking } from '../../lib/background/account-linking.ts';
import { linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { allHandlers, backgroundFeatures, forgetAccount } from '../../lib/background/index.ts';
import { protocol } from '../../lib/messaging/protocol/index.ts';
import { resetDesk, testDeps } from './desk-fakes.ts';
import { linkTestAccount } from './suggestion-triage-fakes.ts';

beforeEach(() => {
  vi.restoreAllMocks();
  resetDesk();
});

test('every request of the protocol has a handler, and every feature has a name of its own', () => {
  const features = backgroundFeatures(testDeps());
  const handlers = allHandlers(features);
  for (const type of Object.keys(protocol)) expect(typeof handlers[type as keyof typeof handlers]).toBe('function');
  const names = features.map((f) => f.name);
  expect(names).toEqual([...new Set(names)]);
});

test("forgetAccount gathers every feature's writes and writes nothing itself", async () => {
  const accountKey = await linkTestAccount();
  const setItems = vi.spyOn(storage, 'setItems');
  const writes = await forgetAccount(backgroundFeatures(testDeps()), accountKey);
  expect(setItems).not.toHaveBeenCalled();
  const keys = writes.map((w) => ('item' in w ? w.item.key : w.key));
  expect(keys).toEqual(
    expect.arrayContaining([
      'local:badgeCounts',
      'local:listingsHealth',
      'local:triagePending',
      'local:publisherNames',
    ]),
  );
});

test("unlink writes what every feature returns and the account's removal in one storage call", async () => {
  const accountKey = await linkTestAccount();
  const item = storage.defineItem<Record<string, number>>('local:featureUnderTest', { fallback: {} });
  await item.setValue({ [accountKey]: 1, other: 2 });
  const forget = vi.fn(async (key: string) => {
    const { [key]: _gone, ...rest } = await item.getValue();
    return [{ item, value: rest }];
  });
  const setItems = vi.spyOn(storage, 'setItems');
  await createAccountLinking(testDeps(), forget).unlinkAccount(accountKey);
  expect(forget).toHaveBeenCalledWith(accountKey);
  const calls = setItems.mock.calls.map(([writes]) => writes.map((w) => ('item' in w ? w.item.key : w.key)));
  const removal = calls.filter((keys) => keys.includes('local:linkedAccounts'));
  expect(removal).toHaveLength(1);
  expect(removal[0]).toEqual(expect.arrayContaining(['local:featureUnderTest', 'local:tokenVault']));
  expect(calls.filter((keys) => keys.includes('local:featureUnderTest'))).toHaveLength(1);
  expect(await item.getValue()).toEqual({ other: 2 });
  expect(await linkedAccountsItem.getValue()).toEqual([]);
});
