// Refreshes that start once the current answer has left the worker, so the UI paints from the cache
// first. `settled()` lets tests and the bench wait until every refresh so far has ended.
export function deferredRefreshes(inFlight: Map<string, Promise<void>>) {
  const deferred = new Set<Promise<void>>();
  return {
    later(task: () => Promise<void>): void {
      const run: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 0))
        .then(task)
        .finally(() => deferred.delete(run));
      deferred.add(run);
    },
    async settled(): Promise<void> {
      while (deferred.size > 0 || inFlight.size > 0) await Promise.allSettled([...deferred, ...inFlight.values()]);
    },
  };
}
