// The sources zip Firefox's store asks for holds the files git tracks, not whatever lies in the folder (notes,
// state files, screenshots, a local .env): listed by `git ls-files`, as globs with their special characters escaped.
import { execFileSync } from 'node:child_process';

/** The tracked files under `root` as literal globs; everything (`**\/*`) where there is no git repository. */
export function trackedFileGlobs(root: string): string[] {
  let listing: string;
  try {
    listing = execFileSync('git', ['ls-files', '-z'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    // A copy without .git (such as an unpacked sources zip being rebuilt) has nothing else to go by.
    return ['**/*'];
  }
  return listing
    .split('\0')
    .filter(Boolean)
    .map((file) => file.replace(/[*?[\]{}()!@+\\]/g, '\\$&'));
}
