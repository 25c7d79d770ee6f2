// What the workspace's parts need from the worker's one DeskDeps; tests pass their own.
import type { DeskDeps } from '../core/deps.ts';

export type WorkspaceDeps = Pick<DeskDeps, 'withAccount' | 'broadcast' | 'now'>;
