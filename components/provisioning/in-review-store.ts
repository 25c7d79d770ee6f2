// The popup's count of add requests waiting in REVIEW: asked once, then taken from each
// provisioning.changed event, which carries the count.
import { computed } from '@preact/signals-core';
import { followEvents, query, type StoreIo, workerIo } from '../ui/store.ts';

export function createInReviewStore(io: StoreIo = workerIo) {
  const count = query(async () => (await io.ask('provisioning.tracker', { refresh: false })).inReview);
  // A failure shows nothing: the line is a pointer, not a status.
  const inReview = computed(() => count.value.value ?? 0);

  function start(): () => void {
    void count.load();
    return followEvents({ 'provisioning.changed': (payload) => count.set(payload.inReview) }, io);
  }

  return { inReview, start };
}
