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
import { popupFloorFigures, popupRatioFigures } from './popup-floor.ts';
import { sandboxListingsScaling } from './sandbox.ts';
import { entrypointSizes } from './sizes.ts';
import { usersFigures } from './users.ts';
import { workspacePageFigures } from './workspace-page.ts';

const figures: Figure[] = [];

const build = spawnSync('node_modules/.bin/wxt', ['build'], { stdio: 'ignore' });
if (build.status !== 0) throw new Error('wxt build failed');
figures.push(...entrypointSizes('.output/chrome-mv3'));
figures.push(...clientCpuFigures());
figures.push(...(await panelMatcherFigures()));
figures.push(...(await pagingSpeedup()));
figures.push(...(await sandboxListingsScaling()));
figures.push(...(await listingsWorkspaceFigures()));
figures.push(...(await usersFigures()));
figures.push(...(await popupFigures({ extensionDir: '.output/chrome-mv3' })));
figures.push(...(await popupFloorFigures()));
figures.push(...popupRatioFigures(figures));
figures.push(...(await popupAccountsFigures({ extensionDir: '.output/chrome-mv3' })));
figures.push(...popupAccountsRatio(figures));
figures.push(...(await outboxFigures({ extensionDir: '.output/chrome-mv3' })));
figures.push(...(await workspacePageFigures({ extensionDir: '.output/chrome-mv3' })));
figures.push(...(await enterpriseAccountFigures({ extensionDir: '.output/chrome-mv3' })));
figures.push(...(await inboxFigures({ extensionDir: '.output/chrome-mv3' })));

const width = Math.max(...figures.map((f) => f.name.length));
console.log(`${'figure'.padEnd(width)}  ${'value'.padStart(10)}  target     met`);
for (const f of figures) {
  const value = `${f.value} ${f.unit}`.padStart(10);
  const met = f.pass === undefined ? '' : f.pass ? 'yes' : 'NO';
  console.log(`${f.name.padEnd(width)}  ${value}  ${(f.target ?? 'reported').padEnd(9)}  ${met}`);
}
writeFileSync('bench/results.json', `${JSON.stringify({ date: new Date().toISOString(), figures }, null, 2)}\n`);
