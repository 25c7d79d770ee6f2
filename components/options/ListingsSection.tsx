// The options page's Listings section: the listings workspace the popup's health counts open
// (options.html#listings?status=LIVE).
import { ListingsWorkspace } from '../listings-workspace/ListingsWorkspace.tsx';
import { WorkspaceProvider } from '../listings-workspace/WorkspaceProvider.tsx';

export function ListingsSection() {
  return (
    <WorkspaceProvider>
      <ListingsWorkspace />
    </WorkspaceProvider>
  );
}
