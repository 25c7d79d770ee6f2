// What the workspace's parts need from the worker's one DeskDeps; tests pass their own.
import type { DeskDeps } from '../core/deps.ts';

// The budget is optional: without it a load is never said to be too large beforehand.
export type WorkspaceDeps = Pick<DeskDeps, 'withAccount' | 'broadcast' | 'now'> & Partial<Pick<DeskDeps, 'budget'>>;
