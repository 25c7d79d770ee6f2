// The options page's Listings section: the listings workspace the popup's health counts open
// (options.html#listings?status=LIVE).
import { ListingsWorkspace } from '../listings-workspace/ListingsWorkspace.tsx';
import { WorkspaceSourceContext } from '../listings-workspace/use-workspace-data.ts';
import { workerSource } from '../listings-workspace/worker-source.ts';

const source = workerSource();

export function ListingsSection() {
  return (
    <WorkspaceSourceContext.Provider value={source}>
      <ListingsWorkspace />
    </WorkspaceSourceContext.Provider>
  );
}
