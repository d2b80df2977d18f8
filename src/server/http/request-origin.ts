import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { appError } from '../core/app-error.js';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A DNS name or IPv4 address, or an IPv6 address in brackets, then an optional port. Nothing else (no path, user, query). */
const HOST = new RegExp(`^(?:(${LABEL}(?:\\.${LABEL})*)|\\[([0-9a-f:.]+)\\])(?::(\\d{1,5}))?$`, 'i');

export const INVALID_HOST = 'Endereço do servidor inválido no cabeçalho Host. Configure PUBLIC_BASE_URL com a URL pública do Adega.';

/** True for a syntactically valid host[:port] as a browser sends it. */
export function isValidHost(host: string): boolean {
  if (host.length > 261) return false;
  const match = HOST.exec(host);
  if (!match) return false;
  const [, , ipv6, port] = match;
  if (ipv6 !== undefined && !isIPv6(ipv6)) return false;
  return port === undefined || Number(port) <= 65535;
}

/**
 * The base URL links and QR codes point at: PUBLIC_BASE_URL when set, otherwise the protocol and host the request
 * came to. The Host header is the client's to choose, so anything but a plain host[:port] is refused (400) rather
 * than copied into a link someone will print on a table.
 */
export function publicBaseUrl(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured;
  const { protocol, host } = request;
  if ((protocol !== 'http' && protocol !== 'https') || !isValidHost(host)) throw appError('invalid_host', INVALID_HOST);
  return `${protocol}://${host.toLowerCase()}`;
}
