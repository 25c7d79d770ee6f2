// The Connection section's "Requests this hour": what is left of the service's hourly quota (shared by
// every linked account), when it resets, what spent it, and whether background work is slowed or paused.
// The signals adapter re-renders this page's components that read `.value`; ui/store.ts no longer brings it
// (the popup reads signals through ui/use-value.ts and leaves the adapter out).
import '@preact/signals';
import { useState } from 'preact/hooks';
import type { BudgetPurpose, BudgetView } from '../../lib/messaging/protocol/index.ts';
import { formatNumber } from '../../lib/shared/format.ts';
import { useServiceBack } from '../service-status/use-service-back.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useStarted } from '../ui/store.ts';
import { TableScroll } from '../ui/TableScroll.tsx';
import { createBudgetStore } from './budget-store.ts';

const PURPOSE_LABELS: Record<BudgetPurpose, string> = {
  user: 'What you asked for',
  'inbox refresh': 'Suggestions refresh',
  'listings load': 'Listings load',
  'add-request tracker': 'Add-request tracker',
  'opt-in jobs': 'Opt-in and opt-out jobs',
  badge: 'Toolbar badge',
};

const clock = (at: number) => new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(at);
const count = formatNumber;

/** The sentence a live region reads when background work pauses or slows; empty otherwise. */
export function budgetNotice(view: BudgetView): string {
  if (view.pausedUntil !== null)
    return `Background refresh paused until ${clock(view.pausedUntil)} to keep ${count(view.reserve ?? 0)} requests for you. What you do yourself still goes; background work goes on by itself then.`;
  if (view.slowed)
    return `Fewer than a quarter of this hour’s requests are left, so background work is slowed until ${clock(view.resetAt)}. What you do yourself is not.`;
  return '';
}

export function RequestBudget() {
  const [store] = useState(createBudgetStore);
  useStarted(store);
  // The service answers again: its answers carry fresh figures.
  const reachable = useServiceBack(() => void store.load());
  const view = store.view.value;
  const error = store.error.value;
  return (
    <section class="request-budget" aria-labelledby="request-budget-title">
      <h3 id="request-budget-title" class="request-budget__title">
        Requests this hour
      </h3>
      {view ? (
        <p class="request-budget__left">
          {view.limit !== null && view.remaining !== null
            ? `Requests left this hour: ${count(view.remaining)} of ${count(view.limit)} · resets at ${clock(view.resetAt)}`
            : 'Requests left this hour: not known yet. The service says with its next answer.'}
        </p>
      ) : null}
      <p class="request-budget__hint">
        The service allows a number of requests an hour, shared by every linked account. Background work slows when a
        quarter is left and pauses near the end, so what you ask for always goes.
      </p>
      {reachable ? null : (
        <p class="request-budget__notice" data-state="unreachable">
          The service can’t be reached, so these figures are from its last answer. They are brought up to date when it
          answers again.
        </p>
      )}
      {/* Present from the start, so a pause that begins while the page is open is read out. */}
      <p role="status" class="request-budget__notice" data-state={view?.pausedUntil ? 'paused' : undefined}>
        {view ? budgetNotice(view) : ''}
      </p>
      {view && view.spent.length > 0 ? (
        <TableScroll label="What spent them this hour">
          <table class="ui-table request-budget__table">
            <caption class="request-budget__caption">What spent them this hour</caption>
            <thead>
              <tr>
                <th scope="col">Spent by</th>
                <th scope="col" class="request-budget__number">
                  Requests
                </th>
              </tr>
            </thead>
            <tbody>
              {view.spent.map((s) => (
                <tr key={s.purpose}>
                  <th scope="row">{PURPOSE_LABELS[s.purpose] ?? s.purpose}</th>
                  <td class="request-budget__number">{count(s.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : view ? (
        <p class="request-budget__hint">No requests yet this hour.</p>
      ) : null}
      <ErrorNotice error={view ? null : error} title="The request figures could not be read" />
      <div>
        <Button size="sm" busy={store.loading.value} onClick={() => void store.load()}>
          Update figures
        </Button>
      </div>
    </section>
  );
}
