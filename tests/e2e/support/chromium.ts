import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** The same Chromium without the desktop browser around it: the suite runs faster on it (less CPU per page). */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * CHROMIUM_PATH, then Debian's headless shell or chromium, then a browser Playwright installed itself.
 * Without the headless shell and running as root: installs it with apt-get (a few seconds; chromium as a fallback);
 * with no browser at all otherwise, stops saying how to get one.
 */
export function findChromium(): string {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (!existsSync(DEBIAN_HEADLESS_SHELL) && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    process.stderr.write('Instalando o chromium-headless-shell do Debian (apt-get) para os testes de navegador...\n');
    const install = (pkg: string) => `DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`;
    try {
      execSync(`${install('chromium-headless-shell')} || (apt-get update -qq && ${install('chromium-headless-shell')})`, {
        stdio: 'inherit',
      });
    } catch {
      if (!existsSync(DEBIAN_CHROMIUM)) execSync(`apt-get update -qq && ${install('chromium')}`, { stdio: 'inherit' });
    }
  }
  const found = [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM, safePlaywrightPath()].find((p) => p && existsSync(p));
  if (found) return found;
  throw new Error(
    'Chromium não encontrado para os testes de navegador. Instale um (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'ou aponte CHROMIUM_PATH para o executável.',
  );
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
