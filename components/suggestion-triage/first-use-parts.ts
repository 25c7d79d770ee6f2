// The list's parts that pages load on first use (first-use.ts), as one chunk: the undo bar (on a decision), the
// help dialog (on ?), the bulk progress bar (on a bulk decision), the account filter's checkboxes (on opening
// it), the notices above the list and of accounts with a problem, and a row's queued retry or failure.
import './first-use.css';

export { AccountList } from './AccountList.tsx';
export { AccountNotices } from './AccountNotices.tsx';
export { BulkProgress } from './BulkProgress.tsx';
export { HelpDialog } from './HelpDialog.tsx';
export { FailureNotice, Queued } from './RowProblems.tsx';
export { TriageNotices } from './TriageNotices.tsx';
export { UndoBar } from './UndoBar.tsx';
