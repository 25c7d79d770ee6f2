// A modal on the native <dialog>: showModal() traps focus and makes the rest inert by itself, also
// inside a shadow root. Escape (the dialog's cancel) and Close both go through onClose.
import type { ComponentChildren } from 'preact';
import { useId, useLayoutEffect, useRef } from 'preact/hooks';
import { focusedElement } from './focus.ts';
import './dialog.css';
import './ui.css';

export interface DialogProps {
  title: string;
  /** One or two sentences under the title; it becomes the dialog's accessible description. */
  description?: ComponentChildren;
  children?: ComponentChildren;
  /** Buttons at the foot, e.g. Close. The first focusable element (or one marked autofocus) gets focus. */
  actions?: ComponentChildren;
  /** Called on Escape and on the dialog closing any other way; the owner unmounts or closes it. */
  onClose: () => void;
  /** Keys besides Escape that close it, e.g. the "?" that opened a help dialog. */
  closeKeys?: readonly string[];
  class?: string;
}

/** Mount it to open it, unmount it to close it: focus goes back to what had it before. */
export function Dialog(props: DialogProps) {
  const { title, description, children, actions, onClose, closeKeys = [], class: className } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = focusedElement(dialog);
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      class={className ? `ui-dialog ${className}` : 'ui-dialog'}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onCancel={(event) => {
        // The owner decides: it unmounts the dialog, which closes it and restores focus.
        event.preventDefault();
        onCloseRef.current();
      }}
      onKeyDown={(event) => {
        // Handled here as well: not every browser (nor happy-dom) turns Escape into a cancel event.
        if (event.key === 'Escape' || closeKeys.includes(event.key)) {
          event.preventDefault();
          event.stopPropagation();
          onCloseRef.current();
        }
      }}
    >
      {/* Focusable by script: a dialog whose content changes under the focused button moves focus here. */}
      <h2 id={`${id}-title`} class="ui-dialog__title" tabIndex={-1}>
        {title}
      </h2>
      {description ? (
        <div id={`${id}-description`} class="ui-dialog__description">
          {description}
        </div>
      ) : null}
      {children}
      {actions ? <div class="ui-dialog__actions">{actions}</div> : null}
    </dialog>
  );
}
