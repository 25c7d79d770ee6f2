// How Chromium is launched with the unpacked extension, shared by `npm start` and the browser tests.
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
