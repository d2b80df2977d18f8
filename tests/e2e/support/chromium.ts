import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * CHROMIUM_PATH, then Debian's chromium, then a browser Playwright installed itself.
 * Missing and running as root: installs Debian's chromium with apt-get; otherwise stops saying how to get one.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, DEBIAN_CHROMIUM, safePlaywrightPath()].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    process.stderr.write('Chromium não encontrado: instalando o pacote chromium do Debian (apt-get)...\n');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
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
