// The popup's size figure counts what its page loads: also the styles and chunks Vite's import() loads,
// which are named only in the entry's __vite__mapDeps list.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { entrypointSizes } from '../../bench/sizes.ts';

test("a chunk and a stylesheet loaded by the entry's import() count in the popup's gzip size", () => {
  const out = mkdtempSync(join(tmpdir(), 'sizes-'));
  try {
    mkdirSync(join(out, 'chunks'));
    mkdirSync(join(out, 'assets'));
    writeFileSync(join(out, 'popup.html'), '<script type="module" src="/chunks/popup.js"></script>');
    const entry = `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["chunks/app.js","assets/app.css"])))=>i.map(i=>d[i]);`;
    writeFileSync(join(out, 'chunks', 'popup.js'), entry);
    const popupOnly = entrypointSizes(out).find((f) => f.name.startsWith('gzip: popup'))!.value;
    // Incompressible content, so the sizes differ clearly.
    const noise = (n: number) => Array.from({ length: n }, (_, i) => ((i * 7919) % 65521).toString(36)).join('');
    writeFileSync(join(out, 'chunks', 'app.js'), noise(4000));
    writeFileSync(join(out, 'assets', 'app.css'), `a{content:"${noise(4000)}"}`);
    const withApp = entrypointSizes(out).find((f) => f.name.startsWith('gzip: popup'))!.value;
    expect(withApp - popupOnly).toBeGreaterThan(10);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
