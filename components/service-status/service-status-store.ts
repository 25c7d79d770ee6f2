// Whether the worker can reach the listings service, as the pages show it: asked once, then kept current
// by the worker's 'service.status' events.
import type { ServiceStatusView } from '../../lib/messaging/protocol/index.ts';
import { followEvents, query, type StoreIo, workerIo } from '../ui/store.ts';

export function createServiceStatusStore(io: StoreIo = workerIo) {
  const status = query(() => io.ask('service.status', {}));

  async function retry(): Promise<void> {
    status.set(await io.ask('service.retry', {}));
  }

  function start(): () => void {
    void status.load();
    return followEvents({ 'service.status': (view: ServiceStatusView) => status.set(view) }, io);
  }

  return { view: status.value, retry, start };
}
