import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { OptionsLink } from '../ui/OptionsLink.tsx';
import { helpRows } from './keymap.ts';

export interface HelpDialogProps {
  shortcutsOn: boolean;
  onClose: () => void;
}

/** The keymap, as a modal: Escape, ? or Close return focus to where it was. */
export function HelpDialog({ shortcutsOn, onClose }: HelpDialogProps) {
  return (
    <Dialog
      title="Keyboard shortcuts"
      description={
        shortcutsOn ? (
          'They work while the suggestion list has focus.'
        ) : (
          <>
            Single-key shortcuts are switched off. Switch them on in the{' '}
            <OptionsLink section="preferences">options page</OptionsLink> (Preferences).
          </>
        )
      }
      closeKeys={['?']}
      onClose={onClose}
      actions={
        <Button size="sm" onClick={onClose}>
          Close
        </Button>
      }
    >
      <dl class="st-keys">
        {helpRows().map(([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
