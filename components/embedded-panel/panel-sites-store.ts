// The sites the embedded panel is on, as the worker keeps them. Every change answers with the whole list,
// which is shown; a failed change is shown until the next one (the list stays as it was).
import { computed, signal } from '@preact/signals';
import type { PanelRuleView, PanelSitesView } from '../../lib/messaging/protocol/index.ts';
import { query, type StoreIo, workerIo } from '../ui/store.ts';

export function createPanelSitesStore(io: StoreIo = workerIo) {
  const sites = query(() => io.ask('panel.sites.list', {}));
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
    update: (origin: string, patch: { hidden?: boolean; rule?: PanelRuleView | null }) =>
      change(() => io.ask('panel.sites.update', { origin, ...patch })),
    remove: (origin: string) => change(() => io.ask('panel.sites.remove', { origin })),
    start(): () => void {
      void sites.load();
      return () => undefined;
    },
  };
}

export type PanelSitesStore = ReturnType<typeof createPanelSitesStore>;
