import { execSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The W3C HTML checker (Nu Html Checker) of the `vnu-jar` package: a Java program, run with the machine's Java. */
const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

export interface CheckerMessage {
  type: string;
  subType?: string;
  message: string;
  url?: string;
  lastLine?: number;
  extract?: string;
}

const hasJava = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

/**
 * JAVA_PATH, then the `java` on the PATH. Without one and running as root (a fresh CI machine): installs Debian's
 * default-jre-headless with apt-get, as chromium.ts does for the browser; otherwise stops saying how to get one.
 */
export function findJava(): string {
  if (process.env.JAVA_PATH) return process.env.JAVA_PATH;
  if (!hasJava() && process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0) {
    process.stderr.write('Instalando o Java do Debian (default-jre-headless, apt-get) para o verificador do W3C...\n');
    const install = 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless';
    execSync(`${install} || (apt-get update -qq && ${install})`, { stdio: 'inherit' });
  }
  if (hasJava()) return 'java';
  throw new Error(
    'Java não encontrado para o verificador de HTML do W3C (vnu-jar). Instale um (Debian/Ubuntu: ' +
      '`sudo apt-get install default-jre-headless`) ou aponte JAVA_PATH para o executável.',
  );
}

/** Checks each document (name -> HTML) in one run of the checker; answers the errors of each, by name. */
export function w3cErrors(documents: Record<string, string>): Record<string, CheckerMessage[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'w3c-'));
  try {
    const files = Object.entries(documents).map(([name, html]) => {
      const file = path.join(dir, `${name}.html`);
      writeFileSync(file, html);
      return [name, file] as const;
    });
    const run = spawnSync(findJava(), ['-Xss1m', '-jar', VNU_JAR, '--format', 'json', '--stdout', ...files.map(([, f]) => f)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (!run.stdout) throw new Error(`the W3C checker did not answer: ${run.stderr || run.error?.message}`);
    const { messages } = JSON.parse(run.stdout) as { messages: CheckerMessage[] };
    const errors = Object.fromEntries(files.map(([name]) => [name, [] as CheckerMessage[]]));
    for (const message of messages) {
      if (message.type !== 'error' && message.subType !== 'fatal') continue;
      const name = files.find(([, file]) => message.url?.endsWith(`/${path.basename(file)}`))?.[0] ?? '(sem arquivo)';
      errors[name] = [...(errors[name] ?? []), message];
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
