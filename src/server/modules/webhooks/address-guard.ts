import { lookup, Resolver } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_TEXTS } from '../../../shared/webhooks.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Looks a host name up: every address it has (tests pass their own). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

/** The system's resolver (hosts file included), for the hosts WEBHOOK_ALLOWED_HOSTS names. */
const systemLookup: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * Any other host: asked of DNS directly, A and AAAA, within 2 s. Not getaddrinfo, which runs on libuv's few threads
 * without a time limit: a name served slowly on purpose would hold them (and the file and crypto work behind them).
 * "localhost" and its subdomains are loopback whatever DNS says (RFC 6761).
 */
const dnsResolver = new Resolver({ timeout: 2_000, tries: 1 });
const dnsResolve: Resolve = async (host) => {
  if (host === 'localhost' || host.endsWith('.localhost'))
    return [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ];
  const [v4, v6] = await Promise.allSettled([dnsResolver.resolve4(host), dnsResolver.resolve6(host)]);
  const addresses: ResolvedAddress[] = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
  ];
  if (addresses.length === 0) throw new Error(`${host}: no address`);
  return addresses;
};

export interface AddressPolicy {
  /** WEBHOOK_ALLOWED_HOSTS: host names or addresses reached although internal, over http too (lower case). */
  allowedHosts: readonly string[];
  resolve?: Resolve;
}

export type CheckedAddress =
  | { ok: true; url: URL; addresses: ResolvedAddress[] }
  | { ok: false; reason: 'urlInvalid' | 'httpsRequired' | 'credentialsInUrl' | 'privateAddress' | 'unresolvable' };

/**
 * Only a public unicast address may be reached: never loopback, a private network, link-local (the clouds' metadata
 * service at 169.254.169.254 among them), carrier-grade NAT, multicast, reserved or unspecified ranges, nor IPv6 outside
 * global unicast (so none of the forms that carry an IPv4 address: mapped, compatible, NAT64, 6to4, Teredo).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  // IPv6: global unicast (2000::/3) alone; ipaddr.js also calls the IPv4-compatible ::a.b.c.d "unicast".
  const v6 = parsed as ipaddr.IPv6;
  return ((v6.parts[0] ?? 0) & 0xe000) === 0x2000 && v6.range() === 'unicast';
}

/** The host as URL gives it, without the brackets of an IPv6 address. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/**
 * Whether a webhook may be sent to `raw` now, and to which addresses (issue 31): https (http only for an allowed
 * host), no credentials in it, and every address its host resolves to public unless the host, or that address, is in
 * WEBHOOK_ALLOWED_HOSTS. Checked at registration and again before every delivery, whose connection then goes to the
 * addresses checked here: a name that resolves to a public address when registered and to an internal one later (DNS
 * rebinding) is refused at that delivery.
 */
export async function checkWebhookAddress(raw: string, policy: AddressPolicy): Promise<CheckedAddress> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'urlInvalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'urlInvalid' };
  if (url.username || url.password) return { ok: false, reason: 'credentialsInUrl' };
  const host = bareHost(url);
  if (!host) return { ok: false, reason: 'urlInvalid' };
  const allowed = new Set(policy.allowedHosts);
  const hostAllowed = allowed.has(host);
  if (url.protocol === 'http:' && !hostAllowed) return { ok: false, reason: 'httpsRequired' };

  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  else {
    try {
      addresses = await (policy.resolve ?? (hostAllowed ? systemLookup : dnsResolve))(host);
    } catch {
      return { ok: false, reason: 'unresolvable' };
    }
    if (addresses.length === 0) return { ok: false, reason: 'unresolvable' };
  }
  if (!hostAllowed && addresses.some(({ address }) => !isPublicAddress(address) && !allowed.has(address.toLowerCase())))
    return { ok: false, reason: 'privateAddress' };
  return { ok: true, url, addresses };
}

/** The pt-BR reason a person reads for a refused address. */
export const addressRefusal = (reason: Extract<CheckedAddress, { ok: false }>['reason']): string => WEBHOOK_TEXTS[reason];
