import { describe, expect, it } from 'vitest';
import { isValidHost } from './request-origin.js';

describe('isValidHost', () => {
  it('accepts names, IPv4 and bracketed IPv6, each with an optional port', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'carta.exemplo.com.br',
      'Carta.Exemplo.COM:8443',
      '10.0.0.5:80',
      '[::1]:3000',
      '[2001:db8::1]',
    ])
      expect(isValidHost(host), host).toBe(true);
  });

  it('refuses paths, queries, credentials, spaces, encodings and bad ports', () => {
    for (const host of [
      'evil.example/phish?',
      'evil.example/',
      'evil.example?x=1',
      'evil.example#x',
      'user@evil.example',
      'evil example',
      'evil.example:99999',
      'evil.example:',
      'ex%61mple.com',
      '-evil.example',
      'evil..example',
      '[not-an-ip]',
      '[::1',
      '',
    ])
      expect(isValidHost(host), host).toBe(false);
  });
});
