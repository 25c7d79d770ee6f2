import { describe, expect, test, vi } from 'vitest';
import { createAccountsStore } from '../../components/account-linking/accounts-store.ts';
import { createLinkingStore } from '../../components/account-linking/linking-store.ts';
import { createConnectionStore } from '../../components/connection-settings/connection-store.ts';
import { createHealthStore } from '../../components/listings-health/health-store.ts';
import type { AccountsView, LinkedAccountView, ListingsHealthView } from '../../lib/messaging/protocol/index.ts';
import { fakeWorker, flush } from './store-fakes.ts';

const health = (accountKey: string, total: number): ListingsHealthView =>
  ({ accountKey, total, counts: [], refreshing: false, error: null }) as unknown as ListingsHealthView;

const account = (accountKey: string, accountName: string) => ({ accountKey, accountName }) as LinkedAccountView;
const accounts = (activeAccountKey: string, ...list: LinkedAccountView[]) =>
  ({ activeAccountKey, accounts: list }) as unknown as AccountsView;

describe('health store', () => {
  test('asks with refresh on start, without on health.changed, and stops following on stop', async () => {
    const worker = fakeWorker();
    const store = createHealthStore(worker.io);
    const stop = store.start();
    expect(worker.asked('health.summary').map((q) => q.input)).toEqual([{ refresh: true }]);
    worker.questions[0]!.answer(health('a', 3));
    await vi.waitFor(() => expect(store.view.value?.total).toBe(3));
    worker.emit('health.changed');
    expect(worker.asked('health.summary').at(-1)?.input).toEqual({ refresh: false });
    stop();
    expect(worker.listeners.size).toBe(0);
  });

  test('after switching accounts, a late answer for the previous account is not shown', async () => {
    const worker = fakeWorker();
    const store = createHealthStore(worker.io);
    store.start();
    worker.emit('accounts.changed');
    const [before, after] = worker.asked('health.summary');
    after!.answer(health('b', 7));
    await vi.waitFor(() => expect(store.view.value?.accountKey).toBe('b'));
    before!.answer(health('a', 3));
    await flush();
    expect(store.view.value?.accountKey).toBe('b');
  });
});

describe('accounts store', () => {
  test('loads once, shows what activate answered and follows accounts.changed', async () => {
    const worker = fakeWorker();
    const store = createAccountsStore(worker.io);
    store.start();
    store.start();
    expect(worker.asked('accounts.list')).toHaveLength(1);
    worker.asked('accounts.list')[0]!.answer(accounts('a', account('a', 'Harbor'), account('b', 'Bay')));
    await vi.waitFor(() => expect(store.view.value?.activeAccountKey).toBe('a'));
    const activating = store.activate('b');
    worker.asked('accounts.activate')[0]!.answer(accounts('b', account('a', 'Harbor'), account('b', 'Bay')));
    await activating;
    expect(store.view.value?.activeAccountKey).toBe('b');
    worker.emit('accounts.changed', accounts('a', account('a', 'Harbor')));
    expect(store.view.value?.accounts).toHaveLength(1);
  });

  test('an outcome remembered from another page is shown once and marked seen; this page’s own is not', async () => {
    const worker = fakeWorker();
    const store = createAccountsStore(worker.io);
    store.start();
    const own = store.newLinkingAttempt();
    worker.emit('accounts.linkingOutcome', { id: own, account: account('a', 'Harbor'), error: null });
    expect(store.rememberedOutcome.value).toBeNull();
    worker.emit('accounts.linkingOutcome', { id: 'popup-1', account: account('b', 'Bay'), error: null });
    expect(store.rememberedOutcome.value?.account?.accountName).toBe('Bay');
    expect(worker.asked('accounts.dismissLinkingOutcome').map((q) => q.input)).toEqual([{ id: 'popup-1' }]);
  });
});

describe('linking store', () => {
  test('a link shows the account it linked, page-wide too, and asks for the accounts again', async () => {
    const worker = fakeWorker();
    const accountsStore = createAccountsStore(worker.io);
    const linking = createLinkingStore(accountsStore, worker.io);
    const running = linking.run();
    expect(linking.busy.value).toBe(true);
    worker.asked('accounts.link')[0]!.answer(account('a', 'Harbor'));
    await vi.waitFor(() => expect(worker.asked('accounts.list')).toHaveLength(1));
    worker.asked('accounts.list')[0]!.answer(accounts('a', account('a', 'Harbor')));
    await running;
    expect(linking.busy.value).toBe(false);
    expect(linking.linked.value?.accountName).toBe('Harbor');
    expect(accountsStore.lastLinked.value?.accountName).toBe('Harbor');
    expect(accountsStore.view.value?.accounts).toHaveLength(1);
  });

  test('a refused relink says why, and Dismiss clears it', async () => {
    const worker = fakeWorker();
    const linking = createLinkingStore(createAccountsStore(worker.io), worker.io);
    const running = linking.run('a');
    expect(worker.asked('accounts.relink')[0]!.input).toMatchObject({ accountKey: 'a' });
    worker.asked('accounts.relink')[0]!.fail(new Error('access_denied'));
    await running;
    expect((linking.error.value as Error).message).toBe('access_denied');
    linking.dismiss();
    expect(linking.error.value).toBeNull();
  });
});

describe('connection store', () => {
  test('a save shows what the worker kept; a refused one keeps the view and rejects with the reason', async () => {
    const worker = fakeWorker();
    const store = createConnectionStore(worker.io);
    store.start();
    worker.asked('connection.get')[0]!.answer({ saved: false, apiKeySet: false });
    await vi.waitFor(() => expect(store.view.value).toMatchObject({ saved: false }));
    const saving = store.save({ environment: 'sandbox' } as never);
    worker.asked('connection.save')[0]!.answer({ saved: true, apiKeySet: true });
    await saving;
    expect(store.view.value).toMatchObject({ saved: true, apiKeySet: true });
    const refused = store.save({ environment: 'custom' } as never);
    worker.asked('connection.save')[1]!.fail(new Error('apiUrl is not https'));
    await expect(refused).rejects.toThrow('apiUrl is not https');
    expect(store.view.value).toMatchObject({ saved: true });
  });

  test('a failed load is shown, and Retry asks again', async () => {
    const worker = fakeWorker();
    const store = createConnectionStore(worker.io);
    store.start();
    worker.asked('connection.get')[0]!.fail(new Error('worker asleep'));
    await vi.waitFor(() => expect((store.loadError.value as Error)?.message).toBe('worker asleep'));
    const retry = store.load();
    worker.asked('connection.get')[1]!.answer({ saved: true });
    await retry;
    expect(store.loadError.value).toBeNull();
  });
});
