import { describe, expect, it } from 'vitest';
import { isLocalAddress } from './local-address.js';

describe('isLocalAddress', () => {
  it.each([
    'http://127.0.0.1:3000/casa/carta',
    'http://localhost:3000/casa/carta',
    'http://adega.localhost/casa/carta',
    'http://192.168.0.12:3000/casa/carta',
    'http://10.1.2.3/casa/carta',
    'http://172.20.0.5/casa/carta',
    'http://[::1]:3000/casa/carta',
    'http://[fd12::1]/casa/carta',
    'http://0.0.0.0:3000/casa/carta',
  ])('%s is local', (url) => expect(isLocalAddress(url)).toBe(true));

  it.each(['https://carta.restaurante.com.br/casa/carta', 'http://172.32.0.1/casa/carta', 'http://8.8.8.8/casa', 'not a url'])(
    '%s is not local',
    (url) => expect(isLocalAddress(url)).toBe(false),
  );
});
