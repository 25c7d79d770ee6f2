import type { ComponentChildren } from 'preact';
import { isInternalMessage, problemWords, smallPrintOf } from '../../lib/messaging/error-words.ts';
import { isWireError } from '../../lib/messaging/wire-error.ts';
import './ui.css';

export interface ErrorNoticeProps {
  /** A DeskError, a WireError, a plain message, or anything thrown. */
  error: unknown;
  title?: string;
  tone?: 'danger' | 'warn' | 'ok';
  /** Buttons such as Retry or Relink. */
  actions?: ComponentChildren;
  /** sm: smaller type and padding, for dense bars such as the popup's. */
  size?: 'sm' | 'md';
  class?: string;
}

/**
 * The sentence and small print of an error, as readable text. Nothing from an error is rendered as HTML.
 * The worker words every error it sends (error-words.ts); a failure stored before it did is worded here.
 */
export function describeError(error: unknown): { message: string; code?: string } {
  if (typeof error === 'string') return { message: error };
  if (isWireError(error)) {
    const message = isInternalMessage(error.message) ? problemWords(error).sentence : error.message;
    return { message, code: smallPrintOf(error) || undefined };
  }
  if (error instanceof Error) {
    if (isInternalMessage(error.message))
      return { message: problemWords({ code: 'error', message: error.message }).sentence };
    return { message: error.message };
  }
  return { message: 'Something went wrong.' };
}

export function ErrorNotice(props: ErrorNoticeProps) {
  const { error, title, tone = 'danger', actions, size = 'md', class: className } = props;
  if (error === null || error === undefined || error === false) return null;
  const { message, code } = describeError(error);
  return (
    <div
      class={className ? `ui-notice ${className}` : 'ui-notice'}
      data-tone={tone}
      data-size={size}
      role={tone === 'ok' ? 'status' : 'alert'}
    >
      <div class="ui-notice__body">
        {title ? <p class="ui-notice__title">{title}</p> : null}
        <p class="ui-notice__message">{message}</p>
        {code && tone !== 'ok' ? <small class="ui-notice__code">{code}</small> : null}
      </div>
      {actions ? <div class="ui-notice__actions">{actions}</div> : null}
    </div>
  );
}

/** An error as one line of text with its small print, e.g. the health bar's "Couldn’t refresh. …". */
export function ErrorLine({ lead, error, class: className }: { lead: string; error: unknown; class?: string }) {
  const { message, code } = describeError(error);
  return (
    <span class={className} role="alert">
      {lead} {message} <small class="ui-notice__code">{code}</small>
    </span>
  );
}
