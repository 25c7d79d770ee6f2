// `npm run bench`: every speed, size and memory target as a figure, printed and written to
// bench/results.json. Figures are measurements, not tests: a missed target is reported, not thrown.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { clientCpuFigures, pagingSpeedup } from './client.ts';
import { enterpriseAccountFigures } from './enterprise-account.ts';
import type { Figure } from './figure.ts';
import { inboxFigures } from './inbox.ts';
import { listingsWorkspaceFigures } from './listings-workspace.ts';
import { outboxFigures } from './outbox.ts';
import { panelMatcherFigures } from './panel-matcher.ts';
import { popupFigures } from './popup.ts';
import { popupAccountsFigures, popupAccountsRatio } from './popup-accounts.ts';
import { popupRatioFigures } from './popup-floor.ts';
import { sandboxListingsScaling } from './sandbox.ts';
import { entrypointSizes } from './sizes.ts';
import { usersFigures } from './users.ts';
import { workspacePageFigures } from './workspace-page.ts';

const figures: Figure[] = [];
const ext = { extensionDir: '.output/chrome-mv3' };

// `npm run bench -- inbox popup-accounts`: only those groups (named as their files); none named, every figure.
// The machine is shared and the whole run is slow: run the figures a change touches.
const GROUPS: Record<string, () => Promise<Figure[]>> = {
  sizes: async () => entrypointSizes('.output/chrome-mv3'),
  client: async () => [...clientCpuFigures(), ...(await pagingSpeedup())],
  'panel-matcher': () => panelMatcherFigures(),
  sandbox: () => sandboxListingsScaling(),
  'listings-workspace': () => listingsWorkspaceFigures(),
  users: () => usersFigures(),
  // Its floors are measured in the popup's own browser launch, opens alternated (popupFigures).
  popup: async () => {
    const popup = await popupFigures(ext);
    return [...popup, ...popupRatioFigures(popup)];
  },
  'popup-accounts': async () => {
    const accounts = await popupAccountsFigures(ext);
    return [...accounts, ...popupAccountsRatio(accounts)];
  },
  outbox: () => outboxFigures(ext),
  'workspace-page': () => workspacePageFigures(ext),
  'enterprise-account': () => enterpriseAccountFigures(ext),
  inbox: () => inboxFigures(ext),
};
const only = process.argv.slice(2);
const unknown = only.filter((g) => !(g in GROUPS));
if (unknown.length) throw new Error(`no bench group ${unknown.join(', ')}; groups: ${Object.keys(GROUPS).join(', ')}`);
const chosen = only.length ? only : Object.keys(GROUPS);
const needsBuild = chosen.some(
  (g) => !['client', 'panel-matcher', 'sandbox', 'listings-workspace', 'users'].includes(g),
);
if (needsBuild) {
  const build = spawnSync('node_modules/.bin/wxt', ['build'], { stdio: 'ignore' });
  if (build.status !== 0) throw new Error('wxt build failed');
}
for (const group of chosen) figures.push(...(await GROUPS[group]!()));

const width = Math.max(...figures.map((f) => f.name.length));
console.log(`${'figure'.padEnd(width)}  ${'value'.padStart(10)}  target     met`);
for (const f of figures) {
  const value = `${f.value} ${f.unit}`.padStart(10);
  const met = f.pass === undefined ? '' : f.pass ? 'yes' : 'NO';
  console.log(`${f.name.padEnd(width)}  ${value}  ${(f.target ?? 'reported').padEnd(9)}  ${met}`);
}
// A partial run prints only: bench/results.json stays the last whole run's.
if (!only.length)
  writeFileSync('bench/results.json', `${JSON.stringify({ date: new Date().toISOString(), figures }, null, 2)}\n`);
