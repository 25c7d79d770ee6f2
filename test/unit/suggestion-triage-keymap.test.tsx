import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';

const ask = vi.fn();
vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: (...args: unknown[]) => ask(...args),
  onDeskEvent: () => () => {},
}));
const { actionForKey, helpRows, TRIAGE_KEYMAP } = await import('../../components/suggestion-triage/keymap.ts');
const { HelpDialog } = await import('../../components/suggestion-triage/HelpDialog.tsx');
const { KeyboardShortcutsSetting, shortcutsSentence } = await import(
  '../../components/suggestion-triage/KeyboardShortcutsSetting.tsx'
);

afterEach(() => {
  cleanup();
  ask.mockReset();
});

describe('the triage keymap, declared once', () => {
  test('letters act only with the shortcuts on; arrows, Home and End always', () => {
    expect(actionForKey('a', true)).toBe('accept');
    expect(actionForKey('a', false)).toBeNull();
    expect(actionForKey('ArrowDown', false)).toBe('next');
    expect(actionForKey('End', false)).toBe('last');
    expect(actionForKey('q', true)).toBeNull();
  });

  test('the help dialog lists every key of the keymap', () => {
    render(<HelpDialog shortcutsOn onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const keys = [...dialog.querySelectorAll('kbd')].map((k) => k.textContent);
    expect(keys).toEqual(helpRows().map(([k]) => k));
    expect(keys).toContain('j / ↓');
    expect(dialog.textContent).toContain('Accept (the selected ones, if any)');
    expect(keys).toHaveLength(TRIAGE_KEYMAP.length);
  });

  test('? closes the help dialog as well as Escape', () => {
    const onClose = vi.fn();
    render(<HelpDialog shortcutsOn={false} onClose={onClose} />);
    expect(screen.getByRole('dialog').textContent).toContain('Single-key shortcuts are switched off');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: '?' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  test('the setting names the shortcuts from the keymap', async () => {
    ask.mockResolvedValue({ keyboardShortcuts: true });
    render(<KeyboardShortcutsSetting />);
    const box = (await screen.findByRole('checkbox')) as HTMLInputElement;
    await waitFor(() => expect(box.checked).toBe(true));
    expect(shortcutsSentence()).toBe('j / k move, a accepts, r rejects, u undoes, x selects, ? shows help');
    expect(document.body.textContent).toContain(`${shortcutsSentence()}.`);
  });

  test('a change the worker refuses goes back, with the reason', async () => {
    ask.mockImplementation(async (type: string) => {
      if (type === 'triage.settings.get') return { keyboardShortcuts: true };
      throw new Error('storage is full');
    });
    render(<KeyboardShortcutsSetting />);
    const box = (await screen.findByRole('checkbox')) as HTMLInputElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.click(box);
    await screen.findByText(/storage is full/);
    expect(box.checked).toBe(true);
  });
});
