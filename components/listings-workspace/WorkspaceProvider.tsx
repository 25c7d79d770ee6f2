// Makes the page's workspace store and follows the worker while mounted: the options page's whole
// workspace, or (with `locationId`) the embedded panel's one location. Tests pass a fake `io`.
import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { type StoreIo, useStarted } from '../ui/store.ts';
import { createWorkspaceStore, WorkspaceStoreContext } from './workspace-store.ts';

export interface WorkspaceProviderProps {
  io?: StoreIo;
  locationId?: string;
  children: ComponentChildren;
}

export function WorkspaceProvider({ io, locationId, children }: WorkspaceProviderProps) {
  const store = useMemo(() => createWorkspaceStore(io, locationId ? { locationId } : {}), [io, locationId]);
  useStarted(store);
  return <WorkspaceStoreContext.Provider value={store}>{children}</WorkspaceStoreContext.Provider>;
}
