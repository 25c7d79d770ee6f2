// How Chromium is launched with the unpacked extension, shared by `npm start` and the browser tests.
import { accessSync, constants, statSync } from 'node:fs';

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** The flags verified on this machine (see /work/shared/toolchain.md). */
export function extensionArgs(extensionDir: string): string[] {
  return [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}

/**
 * Why Chromium cannot be launched from CHROME_PATH, in one line that says what to install or where
 * CHROME_PATH should point; undefined when the file is there and executable.
 */
export function chromiumProblem(): string | undefined {
  let usable = false;
  try {
    usable = statSync(CHROME_PATH).isFile();
    accessSync(CHROME_PATH, constants.X_OK);
  } catch {
    usable = false;
  }
  if (usable) return undefined;
  const fromEnv = Boolean(process.env.CHROME_PATH);
  return fromEnv
    ? `CHROME_PATH is ${CHROME_PATH}, which is not a program that can run. Point it at a Chromium or Chrome executable (such as /usr/bin/chromium or /opt/google/chrome/chrome), or unset it to use /usr/bin/chromium.`
    : `Chromium was not found at ${CHROME_PATH}. Install it (Debian or Ubuntu: sudo apt-get install -y chromium fonts-liberation), or set CHROME_PATH to a Chromium or Chrome executable, as in CHROME_PATH=/opt/google/chrome/chrome npm start.`;
}
