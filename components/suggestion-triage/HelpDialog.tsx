import { useEffect, useRef } from 'preact/hooks';

export const SHORTCUTS: [string, string][] = [
  ['j / ↓', 'Next suggestion'],
  ['k / ↑', 'Previous suggestion'],
  ['a', 'Accept (the selected ones, if any)'],
  ['r', 'Reject (the selected ones, if any)'],
  ['u', 'Undo the latest decision'],
  ['x', 'Select or unselect'],
  ['?', 'Show this help'],
];

export interface HelpDialogProps {
  shortcutsOn: boolean;
  onClose: () => void;
}

/** A small modal: focus moves in, Escape or Close returns it to where it was. */
export function HelpDialog({ shortcutsOn, onClose }: HelpDialogProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => previous?.focus();
  }, []);
  return (
    <div class="st-dialog-backdrop">
      <div
        class="st-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="st-help-title"
        onKeyDown={(event) => {
          if (event.key === 'Escape' || event.key === '?') {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          } else if (event.key === 'Tab') {
            // One control inside: keep focus here while the dialog is open.
            event.preventDefault();
            closeRef.current?.focus();
          }
        }}
      >
        <h2 id="st-help-title" class="st-dialog__title">
          Keyboard shortcuts
        </h2>
        {shortcutsOn ? (
          <p class="st-dialog__note">They work while the suggestion list has focus.</p>
        ) : (
          <p class="st-dialog__note">Single-key shortcuts are switched off. Switch them on in the options page.</p>
        )}
        <dl class="st-keys">
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys}>
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <div class="st-dialog__actions">
          <button ref={closeRef} type="button" class="st-btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
