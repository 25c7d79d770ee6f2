// The sites the embedded panel is on, as the worker keeps them. Every change answers with the whole list,
// which is shown; a failed change is shown until the next one (the list stays as it was).
import { computed, signal } from '@preact/signals';
import type { PanelRuleView, PanelSitesView } from '../../lib/messaging/protocol/index.ts';
import { followEvents, query, type StoreIo, workerIo } from '../ui/store.ts';

export function createPanelSitesStore(io: StoreIo = workerIo) {
  const sites = query(() => io.ask('panel.sites.list', {}));
  // For "Match against": without them the pin choice is not offered (every linked account is matched).
  const linked = query(() => io.ask('accounts.list', {}));
  const accounts = computed(() =>
    (linked.value.value?.accounts ?? []).map(({ accountKey, accountName }) => ({ accountKey, accountName })),
  );
  const changeError = signal<unknown>(null);

  async function change(work: () => Promise<PanelSitesView>): Promise<void> {
    changeError.value = null;
    try {
      sites.set(await work());
    } catch (caught) {
      changeError.value = caught;
    }
  }

  return {
    view: sites.value,
    /** Why the last change, or else the list itself, failed. */
    error: computed(() => changeError.value ?? sites.error.value),
    /** Call only once the host's permission is granted. */
    add: (origin: string) => change(() => io.ask('panel.sites.add', { origin })),
    /** The linked accounts a rule may pin; none when they could not be had. */
    accounts,
    update: (origin: string, patch: { hidden?: boolean; rule?: PanelRuleView | null; pinAccountKey?: string | null }) =>
      change(() => io.ask('panel.sites.update', { origin, ...patch })),
    remove: (origin: string) => change(() => io.ask('panel.sites.remove', { origin })),
    start(): () => void {
      void sites.load();
      void linked.load().catch(() => undefined);
      return followEvents(
        {
          // A pinned account unlinked or back: the rule says so.
          'accounts.changed': () => {
            void linked.refresh();
            void sites.refresh();
          },
        },
        io,
      );
    },
  };
}

export type PanelSitesStore = ReturnType<typeof createPanelSitesStore>;
