// Finds a Chromium for the end-to-end tests, or installs Debian's `chromium` package when none is
// found and this machine can (root with apt-get). Prints the path on success.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

function which(name) {
  const result = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

export function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  for (const path of CANDIDATES) if (existsSync(path)) return path;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = which(name);
    if (found) return found;
  }
  return null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = which('apt-get');
  if (!apt) throw new Error('Chromium is not installed and apt-get is not available: install Chromium or set CHROMIUM_PATH.');
  const sudo = isRoot ? [] : which('sudo') ? ['sudo', '-n'] : null;
  if (!sudo) throw new Error('Chromium is not installed: run `sudo apt-get install -y chromium` or set CHROMIUM_PATH.');
  console.log('Chromium not found: installing Debian’s chromium package …');
  const aptRun = (args) => execFileSync(sudo[0] ?? apt, sudo.length ? [...sudo.slice(1), apt, ...args] : args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  aptRun(['update', '-qq']);
  aptRun(['install', '-y', '-qq', 'chromium']);
  const installed = findChromium();
  if (!installed) throw new Error('Installing chromium did not give a chromium binary.');
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
