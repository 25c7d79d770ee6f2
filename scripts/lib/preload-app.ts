// The popup's entry asks for its first rows, then imports the app once the first script's rows are on screen.
// popup.html holds the app's styles itself, inline (the first script's rows need them before any module runs),
// and does not preload the app's scripts: fetched and compiled beside that first frame, they held it back.
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

/** The app's styles as stylesheets in the head of the HTML pages whose path contains `page` (e.g. 'entrypoints/popup/'). */
export function linkDynamicImportStyles(page: string): Plugin {
  return {
    name: 'listings-desk:link-dynamic-import-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const { bundle, chunk } = ctx;
        if (!bundle || !chunk || !ctx.filename.replaceAll('\\', '/').includes(page)) return undefined;
        const entry = staticClosure(bundle as unknown as Bundle, [chunk.fileName]);
        const app = staticClosure(bundle as unknown as Bundle, chunk.dynamicImports);
        // In the head, not left to import(): the first script's plain-DOM rows are drawn with them, before the
        // entry runs (mergePageStyles below then puts them inline).
        return [...app.styles]
          .filter((file) => !entry.styles.has(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite's helper for import() (~0.9 KB gzip, in the popup's first module), made small: the imported chunk's
 * scripts are preloaded together (else each static import is found only once its importer has arrived), and a
 * style not already in the page (popup.html holds the app's inline) is linked, once, before the chunk runs.
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
  .filter((d) => !document.querySelector('link[href="/' + d + '"],style[data-href="/' + d + '"],script[src="/' + d + '"]'))
  .map((d) => d.endsWith('.js')
    ? void document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href: '/' + d }))
    : new Promise((resolve, reject) => {
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
 * The stylesheets a page (e.g. 'entrypoints/popup/index.html', as the bundle names it) links for its app (above),
 * as one inline <style> before its first script: the popup's first script draws rows before any module runs, and
 * a stylesheet would be one more file for that first frame to wait for. The entry's import() names the styles it
 * needs (__vite__mapDeps): they become one name, which the inline style carries, so Vite's helper adds none.
 */
export function inlinePageStyles(page: string, name: string): Plugin {
  return {
    name: 'listings-desk:inline-page-styles',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, output) {
        const bundle = output as unknown as OutputBundle;
        const html = bundle[page];
        if (html?.type !== 'asset' || typeof html.source !== 'string') return;
        const linked = [...html.source.matchAll(STYLESHEET)].map((m) => m[1]!);
        if (linked.length === 0) return;
        const text = (file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') throw new Error(`${page} links ${file}, which is not in the build`);
          return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        };
        const css = linked.map(text).join('\n');
        if (/<\/style/i.test(css)) throw new Error(`${page}'s styles hold "</style", which would end them inline`);
        const inline = `assets/${name}.css`;
        html.source = html.source
          .replace(STYLESHEET, '')
          .replace(/<script\b/, `<style data-href="/${inline}">${css}</style>$&`);
        const entries = [...html.source.matchAll(/<script\b[^>]*src="\/([^"]+\.js)"/g)].map((m) => m[1]!);
        for (const entry of entries) {
          const chunk = bundle[entry];
          if (chunk?.type !== 'chunk') continue;
          for (const file of linked) chunk.code = chunk.code.replaceAll(`"${file}"`, `"${inline}"`);
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
