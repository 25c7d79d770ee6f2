import type { ComponentChildren } from 'preact';
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

/** The message and code of an error, as readable text. Nothing from an error is rendered as HTML. */
export function describeError(error: unknown): { message: string; code?: string } {
  if (typeof error === 'string') return { message: error };
  if (isWireError(error)) return { message: error.message, code: error.code };
  if (error instanceof Error) return { message: error.message };
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
        {code && tone !== 'ok' ? <span class="ui-notice__code">Code {code}</span> : null}
      </div>
      {actions ? <div class="ui-notice__actions">{actions}</div> : null}
    </div>
  );
}
