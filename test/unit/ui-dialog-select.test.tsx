import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { render as renderInto } from 'preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { PickList } from '../../components/ui/PickList.tsx';
import { Select } from '../../components/ui/Select.tsx';

afterEach(cleanup);

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open help
      </button>
      {open ? (
        <Dialog
          title="Keyboard shortcuts"
          description="They work while the list has focus."
          onClose={() => setOpen(false)}
          actions={
            <button type="button" onClick={() => setOpen(false)}>
              Close
            </button>
          }
        >
          <p>j moves down</p>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  test('opens modal, named by its title and described by its description', () => {
    render(<Opener />);
    fireEvent.click(screen.getByText('Open help'));
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const describedBy = dialog.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('They work while the list has focus.');
  });

  test('Escape closes it and focus goes back to the opener', () => {
    render(<Opener />);
    const opener = screen.getByText('Open help');
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  test('the dialog’s cancel event (the browser’s Escape) asks the owner to close', () => {
    const onClose = vi.fn();
    render(<Dialog title="Sure?" onClose={onClose} />);
    const cancel = new Event('cancel', { cancelable: true });
    screen.getByRole('dialog').dispatchEvent(cancel);
    expect(onClose).toHaveBeenCalledOnce();
    expect(cancel.defaultPrevented).toBe(true);
  });

  test('inside a shadow root, focus returns to the opener in that root', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    root.append(mount);
    renderInto(<Opener />, mount);
    const opener = root.querySelector('button')!;
    opener.focus();
    expect(root.activeElement).toBe(opener);
    fireEvent.click(opener);
    const dialog = root.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(root.querySelector('dialog')).toBeNull();
    expect(root.activeElement).toBe(opener);
    renderInto(null, mount);
    host.remove();
  });
});

describe('Select', () => {
  test('is labelled, shows the value and reports the choice', () => {
    const onValue = vi.fn();
    render(
      <Select
        label="Status"
        value="WAITING"
        choices={[
          { value: 'WAITING', label: 'Waiting' },
          { value: 'ACCEPTED', label: 'Accepted' },
        ]}
        onValue={onValue}
      />,
    );
    const select = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(select.value).toBe('WAITING');
    fireEvent.change(select, { target: { value: 'ACCEPTED' } });
    expect(onValue).toHaveBeenCalledWith('ACCEPTED');
  });
});

describe('PickList', () => {
  test('reports the picked values in the order of the choices', () => {
    const onValues = vi.fn();
    render(
      <PickList
        label="Statuses"
        values={['B']}
        choices={[
          { value: 'A', label: 'Alpha' },
          { value: 'B', label: 'Beta' },
        ]}
        onValues={onValues}
      />,
    );
    expect(screen.getByRole('group', { name: 'Statuses' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Alpha'));
    expect(onValues).toHaveBeenCalledWith(['A', 'B']);
    fireEvent.click(screen.getByLabelText('Beta'));
    expect(onValues).toHaveBeenLastCalledWith([]);
  });
});
