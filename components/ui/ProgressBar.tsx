import './ui.css';

export interface ProgressBarProps {
  /** Accessible name, e.g. "Loading suggestions". */
  label: string;
  /** Omit value/max for an indeterminate bar. */
  value?: number;
  max?: number;
  /** Visible text beside the bar, e.g. "120 of 300". Defaults to "value of max". */
  text?: string;
}

export function ProgressBar({ label, value, max, text }: ProgressBarProps) {
  const determinate = value !== undefined && max !== undefined && max > 0;
  const percent = determinate ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  const shown = text ?? (determinate ? `${value} of ${max}` : undefined);
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
        <div class="ui-progress__fill" style={determinate ? { width: `${percent}%` } : undefined} />
      </div>
      {shown ? <span aria-hidden="true">{shown}</span> : null}
    </div>
  );
}
