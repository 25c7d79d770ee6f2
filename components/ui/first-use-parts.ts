// An error's words and the progress bar, as the chunk ui/first-use.ts loads on first use (its own file: the page's import() of it then
// needs no namespace object, which would bring the bundler's runtime helpers to the options page as another file).
export { ErrorLine, ErrorNotice } from './ErrorNotice.tsx';
export { ProgressBar } from './ProgressBar.tsx';
