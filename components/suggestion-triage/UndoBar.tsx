// The latest decision in its undo window, with a countdown: the only part of the popup that ticks.
// Once the decision is being sent it says so; an undo that came too late is reported here too.
import { useEffect, useState } from 'preact/hooks';
import { Button } from '../ui/Button.tsx';
import { problemWords } from './decision-words.ts';
import { decisionVerb } from './labels.ts';
import type { UndoTarget } from './undo-target.ts';

export interface UndoBarProps {
  target: UndoTarget | null;
  windowMs: number;
  /** Suggestions the last undo came too late for. */
  tooLate: number;
  /** Across accounts: account key → name, so the bar says whose decision Undo undoes. */
  accountNames?: Map<string, string>;
  onUndo: () => void;
  onDismiss: () => void;
}

function useNow(ticking: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!ticking) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [ticking]);
  return ticking ? now : Date.now();
}

export function UndoBar({ target, windowMs, tooLate, accountNames, onUndo, onDismiss }: UndoBarProps) {
  // A retry "in 30 s" counts down, so a decision waiting for one ticks too.
  const now = useNow(target !== null && (!target.sending || target.waiting !== null));
  if (tooLate > 0) {
    return (
      <section class="st-undo" aria-label="Decision pending" data-state="late">
        <span class="st-undo__text" role="status">
          Too late to undo: {tooLate === 1 ? 'the decision was' : `${tooLate} decisions were`} already being sent.
        </span>
        <Button variant="link" onClick={onDismiss}>
          Dismiss
        </Button>
      </section>
    );
  }
  if (!target) return null;
  const left = Math.max(0, target.dueAt - now);
  const names = accountNames ? target.accountKeys.map((k) => accountNames.get(k) ?? k) : [];
  const whose = names.length === 0 ? '' : names.length === 1 ? ` of ${names[0]}` : ` of ${names.length} accounts`;
  const what = `${decisionVerb(target.decision, 'past')} ${target.count === 1 ? '1 suggestion' : `${target.count} suggestions`}${whose}`;
  const more = target.others > 0 ? ` · ${target.others} more pending` : '';
  if (target.waiting) {
    // No countdown and no Undo: it was tried, so the service may have it; it goes when the wait ends.
    const words = problemWords(target.waiting.error, target.waiting.until, now);
    return (
      <section class="st-undo" aria-label="Decision pending" data-state="waiting">
        <span class="st-undo__text" role="status">
          {what} · {words.sentence.replace(/\.$/, '')}
          {more}
          {words.smallPrint ? <small class="st-undo__code"> ({words.smallPrint})</small> : null}
        </span>
      </section>
    );
  }
  if (target.sending) {
    return (
      <section class="st-undo" aria-label="Decision pending" data-state="sending">
        <span class="st-undo__text">
          <span role="status">{what}</span>
          <span class="st-undo__time"> · Sending…, too late to undo{more}</span>
        </span>
      </section>
    );
  }
  return (
    <section class="st-undo" aria-label="Decision pending">
      <span class="st-undo__text">
        <span role="status">{what}</span>
        <span class="st-undo__time">
          {' '}
          {/* The window is over and the worker has not taken it yet (asleep, or the service away): no "in 0 s". */}
          {left > 0 ? `· sending in ${Math.ceil(left / 1000)} s` : '· being sent'}
          {more}
        </span>
      </span>
      <Button size="xs" class="st-undo__btn" aria-keyshortcuts="u" onClick={onUndo}>
        Undo
      </Button>
      <span class="st-undo__meter" style={{ transform: `scaleX(${Math.min(1, left / windowMs)})` }} />
    </section>
  );
}
