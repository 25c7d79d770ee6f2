// What every route module is built from: `register(app, deps)` is the one way routes join an app.
import type { Hono } from 'hono';
import type { SandboxEnv } from './guard.ts';
import type { Activity, Runtime } from './injection.ts';
import type { Store } from './store.ts';

export interface OAuthConfig {
  apiKey: string;
  clientId: string;
  appName: string;
}

/** The start options a control reset falls back to when its body leaves them out. */
export interface SeedDefaults {
  hostile: boolean;
  longNames?: boolean;
  locationsPerAccount: number | undefined;
  accounts: number | undefined;
  waitingPerAddedAccount?: number | undefined;
}

export interface SandboxDeps {
  store: Store;
  runtime: Runtime;
  /** Both origins' calls in flight; a reset leaves it alone. */
  activity: Activity;
  config: OAuthConfig;
  defaults: SeedDefaults;
}

export type SandboxApp = Hono<SandboxEnv>;

/** A route module: control.ts and each routes/*.ts. */
export interface RouteModule {
  register(app: SandboxApp, deps: SandboxDeps): void;
}
