// The options page's Listings section: the listings workspace the popup's health counts open
// (options.html#listings?status=LIVE), and the popup's keyboard setting.
import { ListingsWorkspace } from '../listings-workspace/ListingsWorkspace.tsx';
import { WorkspaceSourceContext } from '../listings-workspace/use-workspace-data.ts';
import { workerSource } from '../listings-workspace/worker-source.ts';
import { KeyboardShortcutsSetting } from '../suggestion-triage/KeyboardShortcutsSetting.tsx';

const source = workerSource();

export function ListingsSection() {
  return (
    <>
      <WorkspaceSourceContext.Provider value={source}>
        <ListingsWorkspace />
      </WorkspaceSourceContext.Provider>
      <section class="listings-section__settings" aria-labelledby="triage-settings-title">
        <h2 id="triage-settings-title">Suggestion triage</h2>
        <KeyboardShortcutsSetting />
      </section>
    </>
  );
}
