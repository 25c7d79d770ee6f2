// The options page's Inbox: every waiting suggestion of every linked account, for a day's work. The rows
// live in the worker (lib/background/inbox); this page holds the filters (in the URL), a window of rows,
// and what its decisions became.
import { useCallback, useMemo, useState } from 'preact/hooks';
import type { InboxAccountView, InboxBatchView, InboxView } from '../../lib/messaging/protocol/index.ts';
import { formatNumber, shortName } from '../../lib/shared/format.ts';
import { downloadCsv } from '../listings-workspace/csv-download.ts';
import { useServiceBack } from '../service-status/use-service-back.ts';
import { HelpDialog } from '../suggestion-triage/first-use.ts';
import { announce } from '../ui/announce.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { memoized } from '../ui/memo.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useStarted } from '../ui/store.ts';
import { onTablistKeyDown } from '../ui/tabs.ts';
import { DecideAllDialog } from './DecideAllDialog.tsx';
import { InboxFilters } from './InboxFilters.tsx';
import { InboxHistory } from './InboxHistory.tsx';
import { InboxList } from './InboxList.tsx';
import type { InboxViewState } from './inbox-hash.ts';
import { createInboxStore, type Decided, type InboxStore } from './inbox-store.ts';
import './inbox.css';

/** Counts in the browser's language (lib/shared/format.ts). */
const count = formatNumber;

const unreached = (account: InboxAccountView) =>
  !account.needsRelink && (account.error?.code === 'network' || account.error?.code === 'timeout');

// A line redraws only when its account's answer changed (keepEqual keeps the others' objects).
export const AccountLine = memoized(function AccountLine({ account }: { account: InboxAccountView }) {
  if (unreached(account)) {
    // The service did not answer: the page says so once, above; a warning box per account (30 of them, all
    // saying the same) pushed the list off the screen. One line each; "network" is our name, not the service's code.
    const held = account.fetchedAt
      ? `${count(account.waiting)} waiting as last fetched; not refreshed, the service can’t be reached.`
      : 'not loaded, the service can’t be reached.';
    return (
      <li class="ib-account-line" data-problem="" data-unreached="">
        <bdi title={account.accountName}>{shortName(account.accountName)}</bdi>: {held} Listings Desk asks again at the
        next refresh; Refresh asks now.
      </li>
    );
  }
  if (account.needsRelink || account.error) {
    // Relink: the error below says what happened; this says what the product does meanwhile.
    const words = account.needsRelink
      ? account.fetchedAt
        ? `${account.accountName}: the ${count(account.waiting)} suggestions listed are from before and are not refreshed; a decision on them waits until it is linked again.`
        : `${account.accountName}: its suggestions can be loaded once it is linked again.`
      : `${account.accountName}: its suggestions could not be ${account.fetchedAt ? 'refreshed; those from before are still listed' : 'loaded'}. Listings Desk asks again at the next refresh.`;
    return (
      <li class="ib-account-line" data-problem="">
        <ErrorNotice
          tone="warn"
          size="sm"
          error={account.error}
          title={words}
          actions={account.needsRelink ? <a href="#accounts">Relink in Accounts</a> : undefined}
        />
      </li>
    );
  }
  return (
    <li class="ib-account-line">
      <bdi title={account.accountName}>{shortName(account.accountName)}</bdi>: {count(account.waiting)} waiting
      {account.refreshing ? <span class="ib-muted"> (refreshing)</span> : null}
    </li>
  );
});

/** Nothing to say of it but "0 waiting": counted in one line, not listed (30 accounts made a wall of them). */
const quiet = (a: InboxAccountView) => a.waiting === 0 && !a.refreshing && !a.needsRelink && !a.error;

/** A line per account with something waiting or something wrong; the rest in one line that names them. */
export const AccountLines = memoized(function AccountLines({ accounts }: { accounts: InboxAccountView[] }) {
  const idle = accounts.filter(quiet);
  const shown = accounts.filter((a) => !quiet(a));
  return (
    <ul class="ib-accounts" aria-label="Accounts">
      {shown.map((a) => (
        <AccountLine key={a.accountKey} account={a} />
      ))}
      {/* None waiting anywhere: the note under the toolbar says so once. */}
      {idle.length && shown.length ? (
        <li class="ib-account-line ib-muted">
          {`${count(idle.length)} other ${idle.length === 1 ? 'account has' : 'accounts have'} nothing waiting${idle.length <= 3 ? `: ${idle.map((a) => a.accountName).join(', ')}` : ''}.`}
        </li>
      ) : null}
    </ul>
  );
});

/** What became of this page's last batch of decisions, from the worker's batch outcomes. */
export function progressOf(decided: Decided, batches: readonly InboxBatchView[]) {
  const ids = new Set(decided.batches.map((b) => b.batchId));
  const total = decided.batches.reduce((n, b) => n + b.size, 0);
  let sent = 0;
  let failed = 0;
  let undone = 0;
  let relink = 0;
  let retrying = 0;
  for (const b of batches) {
    if (!ids.has(b.batchId)) continue;
    sent += b.sent + b.resolvedElsewhere;
    failed += b.failed;
    undone += b.undone;
    relink += b.waitingForRelink;
    retrying += b.retrying;
  }
  const waiting = Math.max(0, total - sent - failed - undone - relink - retrying);
  return { total, sent, failed, undone, relink, retrying, waiting, done: sent + failed + undone >= total };
}

/**
 * Each part of the batch in its own words: "114 accepted; 38 refused by the service …; 26 wait until their
 * account is linked again …". One total "to be accepted" hid the parts that were held back.
 */
export function progressWords(p: ReturnType<typeof progressOf>, decision: Decided['decision']): string {
  const past = decision === 'ACCEPTED' ? 'accepted' : 'rejected';
  const parts = [
    p.sent || (p.done && !p.failed) ? `${count(p.sent)} ${past}` : '',
    p.failed ? `${count(p.failed)} refused by the service (they stay in the list with its reason)` : '',
    p.undone && !p.done ? `${count(p.undone)} undone` : '',
    p.relink ? `${count(p.relink)} wait until their account is linked again (Relink in Accounts), then are sent` : '',
    p.retrying
      ? `${count(p.retrying)} held back for now (the service asked to slow down, or did not answer); Listings Desk sends ${p.retrying === 1 ? 'it' : 'them'} by itself`
      : '',
    p.waiting
      ? `${count(p.waiting)} to be ${past}; sent after the undo window by the background, so you can close this page`
      : '',
  ].filter(Boolean);
  return `${parts.join('; ')}.`;
}

function Progress({ store, view }: { store: InboxStore; view: InboxView }) {
  const decided = store.decided.value;
  if (!decided) return null;
  const p = progressOf(decided, view.batches);
  const verb = decided.decision === 'ACCEPTED' ? 'Accepting' : 'Rejecting';
  const held = p.relink + p.retrying;
  return (
    <div class="ib-progress">
      {decided.bulk ? (
        <ProgressBar
          label={`${verb} ${count(p.total)} suggestions`}
          value={p.sent + p.failed + p.undone}
          max={p.total}
          text={`${count(p.sent)} of ${count(p.total)} sent${p.failed ? `, ${count(p.failed)} refused` : ''}${p.undone ? `, ${count(p.undone)} undone` : ''}${held ? `, ${count(held)} held back` : ''}`}
        />
      ) : null}
      <p class="ib-progress__words">
        {progressWords(p, decided.decision)}
        {p.waiting ? (
          <Button
            variant="link"
            onClick={() => void store.undo().then((r) => r && announce(`${count(r.undone)} undone.`))}
          >
            Undo
          </Button>
        ) : null}
      </p>
    </div>
  );
}

/**
 * While the service does not answer (the page's banner says where and when it tries again): what this list
 * is, and what happens to a decision made now. Gone, and the lists asked again, once it answers.
 */
function Unreachable({ store }: { store: InboxStore }) {
  // Back: every account's list is asked again, so the lines lose the errors the outage left.
  const reachable = useServiceBack(() => void store.refresh(true));
  return (
    <p class="ib-note ib-unreachable" role="status">
      {reachable
        ? ''
        : 'The service can’t be reached, so these are the suggestions as last fetched. A decision made now waits in the outbox and is sent when the service answers again.'}
    </p>
  );
}

function Waiting({ store }: { store: InboxStore }) {
  const view = store.view.value.value;
  const state = store.state.value;
  const [help, setHelp] = useState(false);
  const plan = store.plan.value;
  const decidable = view?.decidable ?? 0;
  // Stable, so the list (memoized) is not drawn again when only the filters or the toolbar change.
  const undo = useCallback(() => void store.undo().then((r) => r && announce(`${count(r.undone)} undone.`)), [store]);
  const showHelp = useCallback(() => setHelp(true), []);
  const onFilters = useCallback(
    (filters: InboxViewState['filters']) => store.setState({ ...store.state.peek(), filters }),
    [store],
  );
  return (
    <>
      <InboxFilters accounts={view?.accounts} facets={view?.facets} filters={state.filters} onFilters={onFilters} />
      <div class="ib-toolbar">
        <label class="ib-check">
          <input
            type="checkbox"
            checked={state.group}
            onChange={(e) => store.setState({ ...state, group: e.currentTarget.checked })}
          />
          Group by account, location and field
        </label>
        <p class="ib-count" role="status">
          {view ? `${count(view.matched)} of ${count(view.total)} waiting suggestions match` : 'Loading the inbox…'}
        </p>
        <Button variant="positive" disabled={!decidable} onClick={() => void store.preview('ACCEPTED')}>
          Accept all {count(decidable)} matching
        </Button>
        <Button variant="negative" disabled={!decidable} onClick={() => void store.preview('REJECTED')}>
          Reject all {count(decidable)} matching
        </Button>
        <Button
          disabled={!view?.matched}
          onClick={() =>
            void store.exportCsv().then((csv) => {
              if (!csv) return;
              downloadCsv(csv.csv, csv.filename);
              announce(`Exported ${count(csv.rows)} suggestions to ${csv.filename}.`);
            })
          }
        >
          Export CSV
        </Button>
        <Button variant="ghost" onClick={() => void store.refresh(true)}>
          Refresh
        </Button>
      </div>
      {store.actionError.value ? (
        <ErrorNotice error={store.actionError.value} title="That did not go through. Nothing else was changed." />
      ) : null}
      <Unreachable store={store} />
      {view ? <Progress store={store} view={view} /> : null}
      {view && view.total === 0 && !view.accounts.some((a) => a.refreshing) ? (
        <p class="ib-note">No suggestion is waiting in any linked account.</p>
      ) : null}
      <InboxList store={store} shortcutsOn={view?.keyboardShortcuts ?? true} onHelp={showHelp} onUndo={undo} />
      <p class="ib-note">
        Keys in the list: j / k move, a accepts, r rejects, x selects, u undoes, ? shows help. The service may apply a
        suggestion by itself after a while (it does not say when): Age sorts the oldest first.
      </p>
      {help ? <HelpDialog shortcutsOn={view?.keyboardShortcuts ?? true} onClose={() => setHelp(false)} /> : null}
      {plan && view ? (
        <DecideAllDialog
          decision={plan.decision}
          plan={plan.plan}
          undoWindowMs={view.undoWindowMs}
          onConfirm={() =>
            void store.decideAll().then((ok) => {
              if (ok) announce(`${count(plan.plan.suggestions)} suggestions queued.`);
            })
          }
          onClose={() => {
            store.plan.value = null;
          }}
        />
      ) : null}
    </>
  );
}

export function InboxSection() {
  const store = useMemo(() => createInboxStore(), []);
  useStarted(store);
  const view = store.view.value.value;
  const state = store.state.value;
  const tabs = [
    { id: 'waiting', label: 'Waiting' },
    { id: 'history', label: 'History' },
  ] as const;
  return (
    <section class="ib" aria-label="Inbox">
      {store.view.error.value ? (
        <ErrorNotice
          error={store.view.error.value}
          title="The inbox could not be read. Reload the page to try again."
        />
      ) : null}
      {view?.accounts.some((a) => !quiet(a)) ? <AccountLines accounts={view.accounts} /> : null}
      {view && view.accounts.length === 0 ? (
        <p class="ib-note">
          No account is linked yet. <a href="#accounts">Link an account</a> and its waiting suggestions show here.
        </p>
      ) : null}
      <div role="tablist" aria-label="Inbox" class="ib-tabs" onKeyDown={onTablistKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`ib-tab-${t.id}`}
            aria-selected={state.tab === t.id}
            aria-controls={`ib-panel-${t.id}`}
            tabIndex={state.tab === t.id ? 0 : -1}
            onClick={() => store.setState({ ...state, tab: t.id })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`ib-panel-${state.tab}`} aria-labelledby={`ib-tab-${state.tab}`}>
        {state.tab === 'waiting' ? <Waiting store={store} /> : <InboxHistory store={store} />}
      </div>
    </section>
  );
}
