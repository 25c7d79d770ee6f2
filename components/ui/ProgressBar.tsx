import { useEffect, useRef } from 'preact/hooks';
import { announce, unsay } from './announce.ts';
import './progress-bar.css';

export interface ProgressBarProps {
  /** Accessible name, e.g. "Loading suggestions". */
  label: string;
  /** Omit value/max for an indeterminate bar. */
  value?: number;
  max?: number;
  /** Visible text beside the bar, e.g. "120 of 300". Defaults to "value of max". */
  text?: string;
  /** What the job is, as the screen says it ("Opting in 150 listings"): said before the bar's text. Defaults to `label`. */
  status?: string;
}

/** Quarters reached: 0 at the start … 4 at the end. Only these are announced, never every tick. */
function milestone(value: number, max: number): number {
  return Math.floor((Math.min(value, max) / max) * 4);
}

export function ProgressBar({ label, value, max, text, status }: ProgressBarProps) {
  const determinate = value !== undefined && max !== undefined && max > 0;
  const percent = determinate ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  const shown = text ?? (determinate ? `${value} of ${max}` : undefined);
  // Announced: the start, each quarter and the end, in the words on screen; the bar itself is not a live region.
  const step = determinate ? milestone(value, max) : 0;
  const said = useRef(-1);
  const lead = status ?? label;
  const words = !shown ? `${lead}…` : shown.startsWith(lead) ? shown : `${lead}: ${shown}`;
  const unfinished = useRef('');
  useEffect(() => {
    if (step === said.current) return;
    said.current = step;
    unfinished.current = step < 4 ? words : '';
    announce(words);
  }, [step, words]);
  // Gone before its end (loading, then the screen or another screen replaced it): "Loading users…" would
  // otherwise stay in the region for a reader to find later. An end ("40 of 40") and newer words stay.
  useEffect(() => () => unsay(unfinished.current), []);
  return (
    <div class="ui-progress" data-indeterminate={determinate ? undefined : ''}>
      <div
        class="ui-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? max : undefined}
        aria-valuenow={determinate ? value : undefined}
        aria-valuetext={shown}
      >
        <div class="ui-progress__fill" style={determinate ? { transform: `scaleX(${percent / 100})` } : undefined} />
      </div>
      {shown ? <span aria-hidden="true">{shown}</span> : null}
    </div>
  );
}
