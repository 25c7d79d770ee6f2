// Provisioning (issue 12): the handlers behind the options page's Provisioning section, the background
// sending of add requests, and the tracker that follows each of them to its end.
import { browser } from 'wxt/browser';
import type { ApiClient } from '../../api/client.ts';
import {
  cancelServices,
  fetchAllAccounts,
  fetchAllServices,
  listAddRequests,
  listAvailableServices,
  processAddRequest,
  type Service,
} from '../../api/provisioning.ts';
import type { Handlers } from '../../messaging/background.ts';
import { optionsPath } from '../../messaging/protocol/envelope.ts';
import type {
  AvailableServiceView,
  ServiceView,
  TrackedAddRequestView,
  TrackerView,
} from '../../messaging/protocol/index.ts';
import { DeskError } from '../../messaging/wire-error.ts';
import { type AgreementGroup, agreementGroups } from '../../shared/provisioning/agreements.ts';
import { getConnectionSettings } from '../core/connection.ts';
import type { DeskDeps } from '../core/deps.ts';
import { findAccount } from '../core/linked-accounts.ts';
import { defineFeature, type StorageWrites } from '../feature.ts';
import { commitmentMet, commitmentMetOn } from './commitment.ts';
import { createAccountLocations } from './locations.ts';
import { isSandboxConnection } from './sandbox-connection.ts';
import { createSender } from './sending.ts';
import { createTracker, inReviewCount, POLL_ALARM, toView } from './tracker.ts';
import {
  batchView,
  firstTracked,
  type SendBatch,
  sendBatchesItem,
  type TrackedAddRequest,
  trackerItem,
  trackerKey,
  updateTracker,
} from './tracker-store.ts';

const NOTICE_PREFIX = 'provisioning|';
const ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAOklEQVR42u3OQQ0AAAgEoAtjJxPbyxbOBxsBSPW8EiEhISEhISEhISEhISEhISEhISEhISEhISGhOwtoT0CmuF1MCAAAAABJRU5ErkJggg==';
/** Add requests found by the list call are read up to this many (newest pages are not guaranteed first). */
const FOUND_LIMIT = 200;

/** A new location's name, as the add request carries it. */
function nameInRequest(r: object): string {
  const data = (r as { newLocationData?: { name?: unknown; locationName?: unknown } }).newLocationData;
  return String(data?.name ?? data?.locationName ?? '');
}

/** The account an existing location belongs to: the one the request names, else the linked one. */
function locationAccountOf(r: object): string {
  const accountId = (r as { existingLocationAccountId?: unknown }).existingLocationAccountId;
  return typeof accountId === 'string' || typeof accountId === 'number' ? String(accountId) : 'me';
}

async function activeAccountKey(): Promise<string> {
  const account = await findAccount();
  if (!account)
    throw new DeskError({ code: 'no-account', message: 'No account is linked yet. Choose “Link account”.' });
  return account.accountKey;
}

async function onSandbox(): Promise<boolean> {
  return isSandboxConnection(await getConnectionSettings());
}

const TITLES: Record<string, string> = {
  COMPLETED: 'Service added',
  CANCELED: 'Add request canceled',
  FAILED: 'Add request failed',
  REVIEW: 'Add request in review',
};

async function notify(entry: TrackedAddRequest): Promise<void> {
  const detail =
    entry.statusDetail || (entry.status === 'REVIEW' ? 'Possible duplicate; review takes up to 48 hours.' : '');
  await browser.notifications.create(`${NOTICE_PREFIX}${entry.key}`, {
    type: 'basic',
    iconUrl: ICON,
    title: `${TITLES[entry.status] ?? entry.status}: ${entry.locationName}`,
    message: [entry.skus.join(', '), detail].filter(Boolean).join(' · ') || entry.status,
  });
}

function serviceView(service: Service, catalog: AvailableServiceView[], now: number): ServiceView {
  const offer = catalog.find((c) => c.sku === service.sku);
  const metOn = service.started ? commitmentMetOn(service.started, offer?.minimumUsage, offer?.minimumUsageUnit) : null;
  const status = service.status ?? '';
  return {
    id: service.id,
    locationId: service.locationId ?? '',
    sku: service.sku ?? '',
    description: service.serviceDescription ?? offer?.description ?? '',
    status,
    started: service.started || null,
    stopped: service.stopped || null,
    commitmentMetOn: metOn,
    cancellableNow: status === 'ACTIVE' && commitmentMet(metOn, now),
  };
}

const agreementOf = (group: AgreementGroup) =>
  group.agreementId === undefined ? {} : { agreementId: group.agreementId };

async function catalogOf(client: ApiClient, fromAccountId: string): Promise<AvailableServiceView[]> {
  return (await listAvailableServices(client, fromAccountId)).data.map((s) => ({
    sku: s.sku,
    description: s.serviceDescription ?? '',
    agreementId: s.agreementId ?? null,
    recipientType: s.recipientType ?? null,
    minimumUsage: s.minimumUsage === undefined ? null : String(s.minimumUsage),
    minimumUsageUnit: s.minimumUsageUnit ?? null,
    addOnTo: s.addOnTo ?? [],
  }));
}

export function provisioningFeature(deps: DeskDeps) {
  const run = <T>(task: (client: ApiClient) => Promise<T>, accountKey?: string) =>
    deps.withAccount((client) => task(client), accountKey);
  const changed = (inReview: number) => deps.broadcast('provisioning.changed', { inReview });
  const accountLocations = createAccountLocations({ withAccount: run, now: deps.now });
  // The tracker's polls run on alarms, nobody waiting on them: they ask the request budget first.
  const poll = <T>(task: (client: ApiClient) => Promise<T>, accountKey?: string) =>
    deps.withAccount((client) => task(client), accountKey, { purpose: 'add-request tracker' });
  const tracker = createTracker({ withAccount: poll, notify, changed, now: deps.now });
  const sender = createSender({
    withAccount: run,
    now: deps.now,
    progressed: async () => changed(inReviewCount(await trackerItem.getValue())),
    tracked: () => tracker.schedule(),
  });

  async function view(): Promise<TrackerView> {
    const [list, batches, sandbox] = await Promise.all([
      trackerItem.getValue(),
      sendBatchesItem.getValue(),
      onSandbox(),
    ]);
    const requests: TrackedAddRequestView[] = list.map(toView).sort((a, b) => b.timeline[0]!.at - a.timeline[0]!.at);
    return { requests, inReview: inReviewCount(list), batches: batches.map(batchView), sandbox };
  }

  /** Add requests the list call knows and the tracker does not: sent elsewhere, or before a reinstall. */
  async function importFound(accountKey: string): Promise<number> {
    const found = await run(async (client) => {
      const all = [];
      for (let offset = 0; offset < FOUND_LIMIT; offset += 50) {
        const page = (await listAddRequests(client, 'me', { limit: 50, offset })).data;
        all.push(...page.addRequests);
        if (offset + 50 >= page.count) break;
      }
      return all;
    }, accountKey);
    // An existing location's request names only its id: read its name, as the tracker shows names.
    const known = new Set((await trackerItem.getValue()).map((r) => r.key));
    const unnamed = found
      .filter((r) => !known.has(trackerKey(accountKey, r.id)) && r.existingLocationId && !nameInRequest(r))
      .map((r) => ({ accountId: locationAccountOf(r), id: r.existingLocationId! }));
    const names = unnamed.length > 0 ? await accountLocations.names(accountKey, unnamed) : new Map<string, string>();
    const now = Date.now();
    let count = 0;
    await updateTracker((list) => {
      const known = new Set(list.map((r) => r.key));
      const added = found
        .filter((r) => !known.has(trackerKey(accountKey, r.id)))
        .map((r): TrackedAddRequest => {
          const locationId = r.existingLocationId || r.newLocationId || '';
          const name = nameInRequest(r) || names.get(`${locationAccountOf(r)}|${locationId}`) || '';
          const locationName = name || locationId || `Add request ${r.id}`;
          const mode = r.locationMode ?? '';
          const from = {
            fromAccountId: 'me',
            locationName,
            locationId,
            mode,
            skus: r.skus ?? [],
            origin: 'found',
          } as const;
          return firstTracked(accountKey, r, from, now);
        });
      count = added.length;
      return [...list, ...added];
    });
    return count;
  }

  async function enqueue(batch: Omit<SendBatch, 'batchId' | 'createdAt' | 'accountKey'>) {
    const full: SendBatch = {
      ...batch,
      batchId: crypto.randomUUID(),
      createdAt: Date.now(),
      accountKey: await activeAccountKey(),
    };
    return batchView(await sender.enqueue(full));
  }

  const handlers: Pick<Handlers, `provisioning.${string}` & keyof Handlers> = {
    'provisioning.accounts': async () => {
      const all = await run((client) => fetchAllAccounts(client));
      // A missing page would drop sub-accounts without a word: fail and say so instead.
      if (all.incomplete) throw all.incomplete.error;
      const { accounts } = all;
      const ids = new Set(accounts.map((a) => a.accountId));
      const root = accounts.find((a) => !a.parentAccountId || !ids.has(a.parentAccountId));
      return {
        linkedAccountId: root?.accountId ?? null,
        accounts: accounts.map((a) => ({
          accountId: a.accountId,
          accountName: a.accountName ?? a.accountId,
          parentAccountId: a.parentAccountId ?? null,
          locationCount: a.locationCount ?? null,
          subAccountCount: a.subAccountCount ?? null,
        })),
      };
    },
    'provisioning.locations': async ({ accountId }) => accountLocations.list(await activeAccountKey(), accountId),
    'provisioning.catalog': ({ fromAccountId }) => run((client) => catalogOf(client, fromAccountId)),
    'provisioning.services': ({ fromAccountId, locationId }) =>
      run(async (client) => {
        const [catalog, services] = await Promise.all([
          catalogOf(client, fromAccountId),
          // One location a screen, so one filtered walk (the vendor filters by one locationId); ALL: the
          // screen also shows what was stopped, which the service leaves out unless asked.
          fetchAllServices(client, fromAccountId, { locationId, status: 'ALL' }),
        ]);
        return services.services.map((s) => serviceView(s, catalog, Date.now()));
      }),
    'provisioning.addToExisting': async ({ fromAccountId, skus, locations }) => {
      const groups = agreementGroups(skus, await run((client) => catalogOf(client, fromAccountId)));
      return enqueue({
        fromAccountId,
        items: locations.flatMap((l) =>
          groups.map((group) => ({
            locationName: l.name || l.id,
            locationId: l.id,
            mode: 'EXISTING' as const,
            body: {
              existingLocationId: l.id,
              ...(l.accountId ? { existingLocationAccountId: l.accountId } : {}),
              skus: group.skus,
              ...agreementOf(group),
            },
            state: 'waiting' as const,
          })),
        ),
      });
    },
    'provisioning.addNewLocations': async ({
      fromAccountId,
      skus,
      locations,
      newLocationAccountId,
      newLocationAccountName,
    }) => {
      const groups = agreementGroups(skus, await run((client) => catalogOf(client, fromAccountId)));
      // A second request for the same new location would race the first to create it.
      if (groups.length > 1) {
        throw new DeskError({
          code: 'several-agreements',
          message:
            'These services belong to different agreements, and a new location is created by one request. Choose the services of one agreement, then add the others to the location once it exists.',
        });
      }
      const group = groups[0]!;
      return enqueue({
        fromAccountId,
        items: locations.map((l) => ({
          locationName: l.name,
          locationId: l.newLocationId,
          mode: 'NEW' as const,
          body: {
            newLocationId: l.newLocationId,
            ...(newLocationAccountId ? { newLocationAccountId } : {}),
            ...(newLocationAccountName ? { newLocationAccountName } : {}),
            // The vendor's location fields: locationName, not name (the sandbox reads either).
            newLocationData: {
              locationName: l.name,
              address: l.address,
              city: l.city,
              state: l.state,
              zip: l.zip,
              countryCode: l.countryCode.toUpperCase(),
              ...(l.phone ? { phone: l.phone } : {}),
              categoryIds: l.categoryIds,
            },
            skus: group.skus,
            ...agreementOf(group),
          },
          state: 'waiting' as const,
        })),
      });
    },
    'provisioning.tracker': async ({ refresh, importFound: onOpen }) => {
      if (refresh) {
        await importFound(await activeAccountKey());
        await tracker.checkDue(true);
      } else if (onOpen && (await importFound(await activeAccountKey())) > 0) {
        await tracker.schedule();
        await changed(inReviewCount(await trackerItem.getValue()));
      }
      return view();
    },
    'provisioning.resolveReview': async ({ key, status }) => {
      if (!(await onSandbox())) {
        throw new DeskError({
          code: 'not-sandbox',
          message: 'Only the sandbox can resolve a review; the service resolves it within 48 hours.',
        });
      }
      const entry = (await trackerItem.getValue()).find((r) => r.key === key);
      if (!entry) throw new DeskError({ code: 'unknown-add-request', message: 'That add request is not tracked.' });
      const answer = (
        await run((client) => processAddRequest(client, entry.fromAccountId, entry.id, status), entry.accountKey)
      ).data;
      await tracker.record(new Map([[key, answer]]), new Map());
      await tracker.schedule();
      return view();
    },
    'provisioning.cancel': ({ fromAccountId, locationId, skus }) =>
      run(async (client) => {
        const catalog = await catalogOf(client, fromAccountId);
        const stopped = (await cancelServices(client, fromAccountId, { locationId, ...(skus ? { skus } : {}) })).data;
        return stopped.map((s) => serviceView(s, catalog, Date.now()));
      }),
    'provisioning.forget': async ({ key }) => {
      const list = await updateTracker((all) => all.filter((r) => r.key !== key));
      await tracker.schedule();
      await changed(inReviewCount(list));
      return view();
    },
  };

  function start(): void {
    browser.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name === POLL_ALARM) void tracker.checkDue();
    });
    browser.notifications.onClicked.addListener((id) => {
      if (!id.startsWith(NOTICE_PREFIX)) return;
      const key = id.slice(NOTICE_PREFIX.length);
      void browser.notifications.clear(id).catch(() => undefined);
      const path = optionsPath({ section: 'provisioning', hash: `?view=tracker&request=${encodeURIComponent(key)}` });
      void browser.tabs.create({ url: browser.runtime.getURL(path as '/options.html') });
    });
    // A listener here makes the browser start the worker at launch, so open requests are followed at once.
    browser.runtime.onStartup.addListener(() => void tracker.checkAtStart().catch(() => undefined));
    // Every open request after a browser start, else what came due while the worker was stopped; and any
    // batch left half sent.
    void tracker.checkAtStart().catch(() => undefined);
    void sender.resume().catch(() => undefined);
  }

  /** The account's tracked requests and unsent batches; the next check clears an alarm left with nothing to do. */
  async function forgetAccount(accountKey: string): Promise<StorageWrites> {
    accountLocations.forget(accountKey);
    const [list, batches] = await Promise.all([trackerItem.getValue(), sendBatchesItem.getValue()]);
    return [
      { item: trackerItem, value: list.filter((r) => r.accountKey !== accountKey) },
      { item: sendBatchesItem, value: batches.filter((b) => b.accountKey !== accountKey) },
    ];
  }

  return defineFeature({ name: 'provisioning', handlers, start, forgetAccount });
}
