import type { Plugin } from 'vite';

// The popup's app loads preact and the shared components that the options page and the panel also use.
// Left to itself the bundler splits them into one chunk per set of pages sharing them (nine files for the
// popup); one chunk saves ~3 KB gzip of per-file overhead on every open. The cost: the options page now
// also loads the triage list's code (~9 KB gzip) it does not show.

/** Preact and the shared components, triage list included; the popup's first module stays apart. */
const SHARED_UI =
  /\/node_modules\/(preact|@preact)\/|\/components\/(ui|suggestion-triage|account-linking|account-switcher|locations)\/|\/components\/listings-health\/status-labels\.ts|\/lib\/messaging\/(ui|wire-error|list-warnings)\.ts|\/lib\/shared\/(triage-batch|format|coalesce|word-diff|safe-url|location-text|suggestion-words)\.ts/;
/**
 * Used by one other page only (or by the popup's first module, which must not wait for preact), or loaded on
 * first use (suggestion-triage/first-use.ts, with the Dialog it needs). The popup reads signals through
 * components/ui/use-value.ts, so the @preact/signals adapter (~1.5 KB gzip) stays out of it.
 */
const NOT_SHARED =
  /\/node_modules\/@preact\/signals\/|\/(NoAccountLinked|LinkingOutcome|LinkAccountButton|RelinkButton|ListRelinkButton|AccountLinkNotices|EmptyState|LinkedAccounts|KeyboardShortcutsSetting|VirtualTable|PickList|TextField|HelpDialog|BulkProgress|AccountList|AccountNotices|UndoBar|RowProblems|TriageNotices|Dialog|memo)\.tsx|\/decision-words\.ts|\/(linking-store|use-linking|keyboard-shortcuts-store|view-input|filters-hash|tabs|first-use-parts|keep-equal)\.ts|\/(dialog|first-use|account-linking)\.css$/;

/** What the popup's first module needs to ask for its rows (shared with other pages, so otherwise split). */
const FIRST_ASK =
  /virtual:wxt-(html-)?plugins|vite\/preload-helper|\/lib\/messaging\/(page-runtime|protocol\/envelope)\.ts|\/lib\/shared\/listing-statuses\.ts|\/components\/suggestion-triage\/(view-input|filters-hash)\.ts/;

/**
 * What the options page shows at once and the popup only on first use (the dialog, the linking screens): one chunk,
 * so the options page loads no more files than before they left the shared one.
 */
const OPTIONS_OPEN_POPUP_LATER =
  /\/(Dialog|NoAccountLinked|LinkingOutcome|LinkAccountButton|RelinkButton|EmptyState)\.tsx|\/(linking-store|use-linking)\.ts|\/(dialog|account-linking)\.css$/;

/** An error's words, the progress bar and its announcer: the options page and the panel show them at once, the popup on first use. */
const ERROR_WORDS =
  /\/(ErrorNotice|ProgressBar)\.tsx|\/lib\/messaging\/error-words\.ts|\/ui\/announce\.ts|\/ui\/progress-bar\.css$/;

/** Styles only the options page uses (its tables, its pick lists); left ungrouped, the bundler puts them in the popup's first-ask. */
const OPTIONS_ONLY_CSS = /\/components\/(ui\/(table|pick-list)|account-linking\/linked-accounts)\.css$/;

/** Two shared chunks for the HTML pages' build (the one with the popup); other builds are left alone. */
export function popupChunks(): Plugin {
  let pagesBuild = false;
  return {
    name: 'listings-desk:popup-chunks',
    apply: 'build',
    options(options) {
      pagesBuild = JSON.stringify(options.input ?? '').includes('popup');
      return null;
    },
    outputOptions(output) {
      // Content scripts are built as one IIFE each, in a later build through this same plugin.
      if (!pagesBuild || (output.format && output.format !== 'es')) return null;
      const byPath = (pattern: (path: string) => boolean) => (id: string) => pattern(id.replaceAll('\\', '/'));
      return {
        ...output,
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'options-only', test: byPath((path) => OPTIONS_ONLY_CSS.test(path)) },
            { name: 'first-ask', test: byPath((path) => FIRST_ASK.test(path)) },
            { name: 'options-open', test: byPath((path) => OPTIONS_OPEN_POPUP_LATER.test(path)) },
            { name: 'error-words', test: byPath((path) => ERROR_WORDS.test(path)) },
            {
              name: 'shared-ui',
              test: byPath(
                (path) =>
                  SHARED_UI.test(path) &&
                  !NOT_SHARED.test(path) &&
                  !OPTIONS_ONLY_CSS.test(path) &&
                  !OPTIONS_OPEN_POPUP_LATER.test(path) &&
                  !ERROR_WORDS.test(path),
              ),
            },
          ],
        },
      };
    },
  };
}
