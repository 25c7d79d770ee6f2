// A modal on the native <dialog>: it traps focus and closes on Escape by itself. Mounted = open.
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

export interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
  /** Buttons at the foot, e.g. Cancel and Save. */
  footer?: ComponentChildren;
  size?: 'sm' | 'lg';
  /** Escape and the close button do nothing while work is under way. */
  busy?: boolean;
}

export function ModalDialog({ title, onClose, children, footer, size = 'sm', busy = false }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = (dialog.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (!busyRef.current) closeRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      // Back where the user was, so the keyboard never lands on <body>.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog ref={ref} class="ue-dialog" data-size={size} aria-labelledby={titleId}>
      <header class="ue-dialog__head">
        <h2 id={titleId} class="ue-dialog__title">
          {title}
        </h2>
        <button
          type="button"
          class="ue-dialog__close"
          aria-label="Close"
          disabled={busy}
          onClick={() => closeRef.current()}
        >
          ×
        </button>
      </header>
      <div class="ue-dialog__body">{children}</div>
      {footer ? <footer class="ue-dialog__foot">{footer}</footer> : null}
    </dialog>
  );
}
