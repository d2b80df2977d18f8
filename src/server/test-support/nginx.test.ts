import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NGINX_SITE_TEMPLATE, renderSite } from './nginx.js';

const template = readFileSync(NGINX_SITE_TEMPLATE, 'utf8');

describe('the nginx site of "Rodando em várias máquinas"', () => {
  it('is in the README word for word, so the example and the file the multi-process test runs cannot drift apart', () => {
    const readme = readFileSync(path.resolve(path.dirname(NGINX_SITE_TEMPLATE), '../../README.md'), 'utf8');
    expect(readme).toContain(`\`\`\`nginx\n${template.trimEnd()}\n\`\`\``);
  });

  it('is rendered for the test by changing only the upstream name, its servers and the listen address', () => {
    const site = renderSite(template, { upstream: 'adega_a', servers: ['127.0.0.1:4001'], listen: '127.0.0.1:8081' });
    expect(site).toContain('upstream adega_a {\n    server 127.0.0.1:4001 max_fails=1 fail_timeout=1s;\n    keepalive 16;\n}');
    expect(site).toContain('proxy_pass http://adega_a;');
    expect(site).toContain('listen 127.0.0.1:8081;');
    expect(site).not.toContain('10.0.0.1');
    // Everything else is the file as written.
    expect(
      site
        .replace(/adega_a/g, 'adega')
        .split('\n')
        .filter((line) => !/server 127|listen 127/.test(line)),
    ).toEqual(template.split('\n').filter((line) => !/server 10\.0\.0|listen 80;/.test(line)));
  });

  it('refuses a template whose shape changed, instead of testing something else', () => {
    expect(() => renderSite(template.replace('listen 80;', 'listen 8080;'), { upstream: 'x', servers: [], listen: '1' })).toThrow(
      /expected one match/,
    );
  });
});
