// The popup's size figure counts what opening its page loads: also the styles and chunks the entry's import() loads,
// which are named only in its __vite__mapDeps list; what the app import()s later on a key or a click is apart.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { entrypointSizes } from '../../bench/sizes.ts';

/** Incompressible content, so the sizes differ clearly. */
const noise = (n: number) => Array.from({ length: n }, (_, i) => ((i * 7919) % 65521).toString(36)).join('');

test("a chunk and a stylesheet loaded by the entry's import() count in the popup's gzip size", () => {
  const out = mkdtempSync(join(tmpdir(), 'sizes-'));
  try {
    mkdirSync(join(out, 'chunks'));
    mkdirSync(join(out, 'assets'));
    writeFileSync(join(out, 'popup.html'), '<script type="module" src="/chunks/popup.js"></script>');
    const entry = `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["chunks/app.js","assets/app.css"])))=>i.map(i=>d[i]);`;
    writeFileSync(join(out, 'chunks', 'popup.js'), entry);
    const popupOnly = entrypointSizes(out).find((f) => f.name.startsWith('gzip: popup'))!.value;
    writeFileSync(join(out, 'chunks', 'app.js'), noise(4000));
    writeFileSync(join(out, 'assets', 'app.css'), `a{content:"${noise(4000)}"}`);
    const withApp = entrypointSizes(out).find((f) => f.name.startsWith('gzip: popup'))!.value;
    expect(withApp - popupOnly).toBeGreaterThan(10);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('a chunk the app import()s on a key or a click counts apart, as loaded on first use, not in the open', () => {
  const out = mkdtempSync(join(tmpdir(), 'sizes-'));
  try {
    mkdirSync(join(out, 'chunks'));
    mkdirSync(join(out, 'assets'));
    writeFileSync(join(out, 'popup.html'), '<script type="module" src="/chunks/popup.js"></script>');
    writeFileSync(
      join(out, 'chunks', 'popup.js'),
      `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["chunks/app.js"])))=>i.map(i=>d[i]);import("./app.js")`,
    );
    const app = `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["chunks/help.js","assets/help.css"])))=>i.map(i=>d[i]);`;
    writeFileSync(
      join(out, 'chunks', 'app.js'),
      `import{h}from"./shared.js";${app}const help=()=>import("./help.js");`,
    );
    writeFileSync(join(out, 'chunks', 'shared.js'), noise(2000));
    const sizes = () => Object.fromEntries(entrypointSizes(out).map((f) => [f.name, f.value]));
    const before = sizes();
    writeFileSync(join(out, 'chunks', 'help.js'), noise(4000));
    writeFileSync(join(out, 'assets', 'help.css'), `a{content:"${noise(4000)}"}`);
    const after = sizes();
    expect(after['gzip: popup (JS + CSS)']).toBe(before['gzip: popup (JS + CSS)']);
    expect(before['gzip: popup (JS + CSS)']).toBeGreaterThan(2);
    expect(after['gzip: popup, loaded on first use (JS + CSS)']).toBeGreaterThan(10);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
