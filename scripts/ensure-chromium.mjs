// Finds a Chromium for the end-to-end tests, or installs Debian's packages when none is found and
// this machine can (root with apt-get). Prints the path on success.
//
// The tests prefer Debian's `chromium-headless-shell`: the same Blink and V8 as `chromium`, without
// the desktop browser's display compositor and GPU process, which on a 2-core machine took a third
// of the end-to-end phase's CPU (ADR 6). The full browser serves where one is wanted (Lighthouse).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const SHELLS = ['/usr/bin/chromium-headless-shell'];
const BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
/** The same programs by name, when they are elsewhere on the PATH. */
const SHELL_NAMES = ['chromium-headless-shell'];
const BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome'];

function which(name) {
  const result = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * CHROMIUM_PATH when set; else the headless shell (unless `browser` asks for the full browser);
 * else the full browser; null when none is installed.
 */
export function findChromium({ browser = false } = {}) {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  for (const path of browser ? BROWSERS : [...SHELLS, ...BROWSERS]) if (existsSync(path)) return path;
  for (const name of browser ? BROWSER_NAMES : [...SHELL_NAMES, ...BROWSER_NAMES]) {
    const found = which(name);
    if (found) return found;
  }
  return null;
}

function aptInstall(packages) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = which('apt-get');
  if (!apt) return 'apt-get is not available';
  const sudo = isRoot ? [] : which('sudo') ? ['sudo', '-n'] : null;
  if (!sudo) return 'not root and no sudo';
  const aptRun = (args) => execFileSync(sudo[0] ?? apt, sudo.length ? [...sudo.slice(1), apt, ...args] : args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  try {
    aptRun(['update', '-qq']);
    aptRun(['install', '-y', '-qq', ...packages]);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Where a failed install of the headless shell is remembered, on a machine that has the full
 * browser: the next runs go on with the browser at once instead of trying apt-get again (which,
 * without a package mirror, waits for its timeouts every run). Tried again after a day.
 */
const SHELL_FAILED = join(dirname(import.meta.dirname), 'node_modules', '.cache', 'chromium-headless-shell-failed');
const RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

function recentFailure() {
  try {
    if (Date.now() - statSync(SHELL_FAILED).mtimeMs < RETRY_AFTER_MS) return readFileSync(SHELL_FAILED, 'utf8').trim();
  } catch {
    // Never failed here, or the note cannot be read: try.
  }
  return null;
}

function rememberFailure(reason) {
  try {
    mkdirSync(dirname(SHELL_FAILED), { recursive: true });
    writeFileSync(SHELL_FAILED, `${reason}\n`);
  } catch {
    // Not writable: the next run tries again.
  }
}

/** The Chromium the end-to-end tests drive: found, or installed from Debian's packages. */
export function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  if (SHELLS.some((path) => existsSync(path))) return findChromium();
  const browser = findChromium({ browser: true });
  const failedBefore = browser ? recentFailure() : null;
  if (browser && failedBefore) {
    console.log(`(the tests use ${browser}: chromium-headless-shell could not be installed in the last day: ${failedBefore.split('\n')[0]})`);
    return browser;
  }
  // A machine with the browser but not the shell: add the shell, or go on with the browser.
  console.log(browser ? 'Installing Debian’s chromium-headless-shell package for the tests …' : 'Chromium not found: installing Debian’s chromium and chromium-headless-shell packages …');
  const failed = aptInstall(browser ? ['chromium-headless-shell'] : ['chromium', 'chromium-headless-shell']);
  const found = findChromium();
  if (found) {
    if (failed) {
      console.log(`(the headless shell could not be installed: ${failed}; the tests use ${found})`);
      if (browser) rememberFailure(failed);
    }
    return found;
  }
  throw new Error(`Chromium is not installed and could not be (${failed ?? 'no binary after installing'}): run \`sudo apt-get install -y chromium chromium-headless-shell\` or set CHROMIUM_PATH.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
