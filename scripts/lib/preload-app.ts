// The popup's entry asks for its first rows, then imports the app. So that the app's scripts and styles do
// not wait for the entry to run, popup.html itself loads them (Vite's import() then finds them and adds nothing).
import type { Plugin } from 'vite';

type Bundle = Record<string, { type: string; imports?: string[]; viteMetadata?: { importedCss?: Set<string> } }>;

/** Every chunk the roots load statically, themselves included, and the styles those chunks import. */
function staticClosure(bundle: Bundle, roots: string[]): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
    scripts.add(fileName);
    for (const imported of chunk.imports ?? []) visit(imported);
    // After its imports' styles, as import() would add them: the cascade's order.
    for (const style of chunk.viteMetadata?.importedCss ?? []) styles.add(style);
  };
  for (const root of roots) visit(root);
  return { scripts, styles };
}

/** For the HTML pages whose path contains `page` (e.g. 'entrypoints/popup/'). */
export function preloadDynamicImports(page: string): Plugin {
  return {
    name: 'listings-desk:preload-dynamic-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const { bundle, chunk } = ctx;
        if (!bundle || !chunk || !ctx.filename.replaceAll('\\', '/').includes(page)) return undefined;
        const entry = staticClosure(bundle as unknown as Bundle, [chunk.fileName]);
        const app = staticClosure(bundle as unknown as Bundle, chunk.dynamicImports);
        // The styles as stylesheets in the head: the entry's first question then waits for them (module
        // scripts wait for the page's stylesheets), but they load alongside the scripts it waits for anyway,
        // whereas loaded by import() they would start only once the entry has run, ahead of the app.
        const styles = [...app.styles]
          .filter((file) => !entry.styles.has(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', href: `/${file}` }, injectTo: 'head' as const }));
        const scripts = [...app.scripts]
          .filter((file) => !entry.scripts.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
        return [...styles, ...scripts];
      },
    },
  };
}

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite's helper for import() (~0.9 KB gzip, in the popup's first module): it preloads the imported chunk's
 * scripts and styles. popup.html loads those itself (above), and the popup's import() is the only one in
 * the pages' build, so the helper only imports; a style a later import() needs is still linked, once.
 */
export function lightPreloadHelper(): Plugin {
  return {
    name: 'listings-desk:light-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load(id) {
      if (id !== PRELOAD_HELPER) return null;
      return `export const __vitePreload = (load, deps) => Promise.all((deps || [])
  .filter((d) => d.endsWith('.css') && !document.querySelector('link[href="/' + d + '"]'))
  .map((d) => new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/' + d });
    link.onload = resolve;
    link.onerror = reject;
    document.head.append(link);
  }))).then(() => load());`;
    },
  };
}

type OutputBundle = Record<
  string,
  { type: 'chunk'; code: string } | { type: 'asset'; source: string | Uint8Array; fileName: string }
>;

const STYLESHEET = /<link rel="stylesheet" href="\/([^"]+\.css)">/g;

/**
 * The stylesheets a page (e.g. 'entrypoints/popup/index.html', as the bundle names it) links for its app (above) as one file: each costs its own gzip stream and
 * request (two files gzip to ~0.45 KB more than one). The options page keeps linking the shared one. The
 * entry's import() names the merged file for each it holds, so Vite's helper finds it linked and adds none.
 */
export function mergePageStyles(page: string, name: string): Plugin {
  return {
    name: 'listings-desk:merge-page-styles',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, output) {
        const bundle = output as unknown as OutputBundle;
        const html = bundle[page];
        if (html?.type !== 'asset' || typeof html.source !== 'string') return;
        const linked = [...html.source.matchAll(STYLESHEET)].map((m) => m[1]!);
        if (linked.length < 2) return;
        const text = (file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') throw new Error(`${page} links ${file}, which is not in the build`);
          return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        };
        const merged = this.getFileName(
          this.emitFile({
            type: 'asset',
            name: `${name}.css`,
            source: linked.map(text).join('\n'),
          }),
        );
        let first = true;
        html.source = html.source.replace(STYLESHEET, () => {
          const link = first ? `<link rel="stylesheet" href="/${merged}">` : '';
          first = false;
          return link;
        });
        // The entry's import() lists the styles it needs (__vite__mapDeps): now the merged file, linked once.
        const entries = [...html.source.matchAll(/<script\b[^>]*src="\/([^"]+\.js)"/g)].map((m) => m[1]!);
        for (const entry of entries) {
          const chunk = bundle[entry];
          if (chunk?.type !== 'chunk') continue;
          for (const file of linked) chunk.code = chunk.code.replaceAll(`"${file}"`, `"${merged}"`);
        }
        // A stylesheet no other page or chunk names is left out of the package.
        for (const file of linked) {
          const named = Object.values(bundle).some(
            (other) =>
              (other.type === 'chunk' && other.code.includes(file)) ||
              (other.type === 'asset' && typeof other.source === 'string' && other.source.includes(file)),
          );
          if (!named) delete bundle[file];
        }
      },
    },
  };
}
