// The options page's Listings section: the listings table the popup's health counts open, and the
// popup's keyboard setting.
import { ListingsTable } from '../listings-table/ListingsTable.tsx';
import { KeyboardShortcutsSetting } from '../suggestion-triage/KeyboardShortcutsSetting.tsx';

export function ListingsSection() {
  return (
    <>
      <ListingsTable />
      <section class="listings-section__settings" aria-labelledby="triage-settings-title">
        <h2 id="triage-settings-title">Suggestion triage</h2>
        <KeyboardShortcutsSetting />
      </section>
    </>
  );
}
