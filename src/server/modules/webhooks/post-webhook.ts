import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './address-guard.js';

/** What a receiver answered: its HTTP status, or why there was none. */
export type PostOutcome = { status: number } | { error: string };

/** A receiver that has not answered within this long is given up for this attempt (and retried later). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Connects only to the addresses the guard checked, whatever the host name resolves to by now (DNS rebinding); the
 * name still goes in the Host header and in TLS's server name, so certificates are checked against it.
 */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = addresses;
    if (!first) return callback(new Error('no address checked'), '', 4);
    if (typeof options === 'object' && options?.all)
      return (callback as unknown as (err: null, all: ResolvedAddress[]) => void)(null, addresses);
    callback(null, first.address, first.family);
  };
}

/**
 * One POST of `body` to `url` with `headers`, at the checked `addresses`: no redirects followed (a 3xx is an answer
 * like any other non-2xx), the answer's body read and dropped, over after `timeoutMs` whatever happens.
 */
export function postWebhook(
  url: URL,
  addresses: ResolvedAddress[],
  body: string,
  headers: Record<string, string>,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<PostOutcome> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup: pinnedLookup(addresses),
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', (err) => resolve({ error: err.message }));
      },
    );
    request.on('error', (err) =>
      resolve({ error: err.name === 'AbortError' ? `sem resposta em ${(timeoutMs / 1000).toLocaleString('pt-BR')} s` : err.message }),
    );
    request.end(body);
  });
}
