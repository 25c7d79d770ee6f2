// The triage list as a UI context sees it: the background's cached view at once (stale-while-
// revalidate; the background skips the refresh while its list is under 30 s old), then whatever
// 'triage.changed' brings. Decisions show at once (optimistically) and
// are confirmed by the background, which holds them through the undo window.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { SuggestionDecision } from '../../lib/api/suggestions.ts';
import type { PendingDecisionView, TriageView } from '../../lib/messaging/protocol.ts';
import { ask, onDeskEvent } from '../../lib/messaging/ui.ts';
import { latestBatch } from '../../lib/triage-batch.ts';

export interface TriageState {
  view: TriageView | null;
  /** The background could not be asked at all (as opposed to view.error, a failed refresh). */
  error: unknown;
  /** Suggestions found already resolved elsewhere since the last dismissal. */
  resolvedElsewhere: number;
  /** `force` skips the freshness window: the person asked for the newest list. */
  reload: (refresh: boolean, force?: boolean) => Promise<void>;
  decide: (suggestionIds: string[], decision: SuggestionDecision) => Promise<void>;
  undo: (suggestionIds?: string[]) => Promise<void>;
  dismissFailures: (suggestionIds: string[]) => Promise<void>;
  clearNotices: () => void;
}

export function useTriage(status: string): TriageState {
  const [view, setView] = useState<TriageView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [resolvedElsewhere, setResolvedElsewhere] = useState(0);
  // Answers arrive out of order; only the newest question's answer (or a later local change) counts.
  const generation = useRef(0);
  const viewRef = useRef(view);
  viewRef.current = view;

  // The first question leaves during the first render, not after the first frame (when effects run):
  // the popup's first paint from cache waits on nothing else.
  const early = useRef<Promise<TriageView> | null | undefined>(undefined);
  if (early.current === undefined) {
    early.current = ask('triage.view', { status, refresh: true });
    early.current.catch(() => undefined);
  }

  const reload = useCallback(
    async (refresh: boolean, force = false) => {
      const mine = ++generation.current;
      try {
        // Only the first load (the first effect, same status) takes the early answer.
        const first = refresh && !force ? early.current : null;
        early.current = null;
        const next = await (first ?? ask('triage.view', force ? { status, refresh, force } : { status, refresh }));
        if (mine === generation.current) {
          setView(next);
          setError(null);
        }
      } catch (caught) {
        if (mine === generation.current) setError(caught);
      }
    },
    [status],
  );

  useEffect(() => {
    void reload(true);
    const offTriage = onDeskEvent('triage.changed', (payload) => {
      if (payload.resolvedElsewhere > 0) setResolvedElsewhere((n) => n + payload.resolvedElsewhere);
      void reload(false);
    });
    const offAccounts = onDeskEvent('accounts.changed', () => void reload(true));
    return () => {
      offTriage();
      offAccounts();
    };
  }, [reload]);

  const decide = useCallback(
    async (suggestionIds: string[], decision: SuggestionDecision) => {
      const current = viewRef.current;
      if (!current?.account || suggestionIds.length === 0) return;
      const ids = new Set(suggestionIds);
      const inFlight = new Set(current.pending.filter((p) => p.sending).map((p) => p.suggestionId));
      const batchId = `local-${Date.now()}`;
      const dueAt = Date.now() + current.undoWindowMs;
      const optimistic: PendingDecisionView[] = [...ids]
        .filter((id) => !inFlight.has(id))
        .map((suggestionId) => ({
          suggestionId,
          decision,
          dueAt,
          batchId,
          sending: false,
          attempts: 0,
          retryAt: null,
          lastError: null,
        }));
      generation.current++;
      setView((v) =>
        v
          ? {
              ...v,
              pending: [...v.pending.filter((p) => p.sending || !ids.has(p.suggestionId)), ...optimistic],
              failures: v.failures.filter((f) => !ids.has(f.suggestionId)),
            }
          : v,
      );
      try {
        const { pending } = await ask('triage.decide', {
          accountKey: current.account.accountKey,
          suggestionIds: [...ids],
          decision,
        });
        setView((v) => (v ? { ...v, pending } : v));
      } catch (caught) {
        setError(caught);
        void reload(false);
      }
    },
    [reload],
  );

  const undo = useCallback(
    async (suggestionIds?: string[]) => {
      const current = viewRef.current;
      if (!current) return;
      // Without ids: the latest decision still inside its window, as the background will also choose it.
      const ids = suggestionIds ?? latestBatch(current.pending.filter((p) => !p.sending)).map((p) => p.suggestionId);
      if (ids.length === 0) return;
      const undoing = new Set(ids);
      generation.current++;
      setView((v) => (v ? { ...v, pending: v.pending.filter((p) => p.sending || !undoing.has(p.suggestionId)) } : v));
      try {
        await ask('triage.undo', { suggestionIds: ids });
      } catch (caught) {
        setError(caught);
      }
      void reload(false);
    },
    [reload],
  );

  const dismissFailures = useCallback(
    async (suggestionIds: string[]) => {
      const gone = new Set(suggestionIds);
      generation.current++;
      setView((v) => (v ? { ...v, failures: v.failures.filter((f) => !gone.has(f.suggestionId)) } : v));
      try {
        await ask('triage.dismissFailures', { suggestionIds });
      } catch (caught) {
        setError(caught);
        void reload(false);
      }
    },
    [reload],
  );

  const clearNotices = useCallback(() => {
    setResolvedElsewhere(0);
    setError(null);
  }, []);

  return { view, error, resolvedElsewhere, reload, decide, undo, dismissFailures, clearNotices };
}
