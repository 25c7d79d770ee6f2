// The hour's request budget as the worker counts it: asked when the Connection section opens or the
// person asks for fresh figures; the worker's 'connection.budget' event (a pause starts or ends, the
// hour turns) shows its view at once.
import { followEvents, query, type StoreIo, workerIo } from '../ui/store.ts';

export function createBudgetStore(io: StoreIo = workerIo) {
  const budget = query(() => io.ask('connection.budget', {}));
  return {
    view: budget.value,
    error: budget.error,
    loading: budget.loading,
    load: () => budget.load(),
    start: () => {
      void budget.load();
      return followEvents({ 'connection.budget': (view) => budget.set(view) }, io);
    },
  };
}
