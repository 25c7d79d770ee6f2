// The options page's Preferences section: settings about how Listings Desk behaves for the person using
// it, in one place of their own rather than at the foot of a section about something else.
import { KeyboardShortcutsSetting } from '../suggestion-triage/KeyboardShortcutsSetting.tsx';

export function PreferencesSection() {
  return (
    <section class="preferences" aria-labelledby="preferences-triage-title">
      <h2 id="preferences-triage-title">Suggestion list</h2>
      <KeyboardShortcutsSetting />
    </section>
  );
}
