// The banner's source: when the listings service did not answer, which address, since when, and when the
// worker tries again by itself (an alarm, so a stopped worker keeps the appointment). Any later answer clears it.
import { browser } from 'wxt/browser';
import type { ServiceStatusView } from '../messaging/protocol/index.ts';
import { apiOriginOf, getConnectionSettings } from './core/connection.ts';
import type { DeskDeps } from './core/deps.ts';
import { defineFeature } from './feature.ts';

export const SERVICE_PROBE_ALARM = 'service-probe';
export const SERVICE_PROBE_DELAY_MS = 30_000;
const PROBE_TIMEOUT_MS = 5_000;

export function serviceStatusFeature(deps: DeskDeps) {
  let nextTryAt: number | null = null;

  const view = (): ServiceStatusView => {
    const state = deps.reachability.current();
    return state ? { reachable: false, ...state, nextTryAt } : { reachable: true };
  };

  /**
   * Any HTTP answer from the API's address, even a 404, means it can be reached again. No key or token is
   * sent, and no quota is spent.
   */
  async function probe(): Promise<ServiceStatusView> {
    const state = deps.reachability.current();
    if (!state) return view();
    const settings = await getConnectionSettings();
    if (apiOriginOf(settings.apiUrl) !== state.apiOrigin) {
      // The Connection moved elsewhere: the old address no longer matters.
      deps.reachability.noteAnswer(state.apiOrigin);
      return view();
    }
    const fetcher = deps.apiConfig.fetch ?? fetch;
    try {
      await fetcher(state.apiOrigin, {
        method: 'HEAD',
        cache: 'no-store',
        credentials: 'omit',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      deps.reachability.noteAnswer(state.apiOrigin);
    } catch {
      deps.reachability.noteFailure(state.apiOrigin, deps.now());
    }
    return view();
  }

  async function changed(reachable: boolean): Promise<void> {
    if (reachable) {
      nextTryAt = null;
      await browser.alarms.clear(SERVICE_PROBE_ALARM).catch(() => false);
    } else {
      nextTryAt = deps.now() + SERVICE_PROBE_DELAY_MS;
      await browser.alarms.create(SERVICE_PROBE_ALARM, { when: nextTryAt });
    }
    await deps.broadcast('service.status', view());
  }

  return defineFeature({
    name: 'service-status',
    handlers: {
      'service.status': async () => view(),
      'service.retry': () => probe(),
    },
    start() {
      deps.reachability.onChange((state) => void changed(state === null));
      browser.alarms.onAlarm.addListener((alarm) => {
        if (alarm.name === SERVICE_PROBE_ALARM) void probe();
      });
    },
  });
}
