import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { clientBuildDir } from '../test-support/client-build.js';
import { testAppPerFile } from '../test-support/file-app.js';

const clientDir = clientBuildDir({
  'index.html': '<!doctype html><title>Adega</title>',
  // The committed file Vite copies into the build.
  'favicon.ico': readFileSync(path.resolve('src/client/public/favicon.ico')),
});
const t = testAppPerFile({ clientDir });

describe('GET /favicon.ico', () => {
  it('answers 200 with an icon image, cached for a week', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    const ico = res.rawPayload;
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    // Its largest image (the last entry) is a PNG of the brand mark.
    const count = ico.readUInt16LE(4);
    const entry = 6 + 16 * (count - 1);
    const png = ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8));
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 48, height: 48 });
  });
});
