import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey for API tests: it answers WebAuthn registration and authentication options the way a browser
 * with a platform authenticator does (attestation "none", ES256), so the server's real verification runs.
 */

type CborValue = number | string | Uint8Array | CborMap | CborObject;
interface CborMap extends Map<CborValue, CborValue> {}
interface CborObject {
  [key: string]: CborValue;
}

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}

function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export interface SoftAuthenticator {
  credentialId: string;
  register(options: Record<string, unknown>, origin: string): Record<string, unknown>;
  authenticate(options: Record<string, unknown>, origin: string): Record<string, unknown>;
}

export function createSoftAuthenticator(): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const rawId = randomBytes(32);
  let counter = 0;
  let userHandle = '';
  const coseKey = new Map<CborValue, CborValue>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x as string, 'base64url')],
    [-3, Buffer.from(jwk.y as string, 'base64url')],
  ]);
  const clientData = (type: string, challenge: unknown, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = () => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(counter);
    return b;
  };
  return {
    credentialId: b64url(rawId),
    register(options, origin) {
      const rp = options.rp as { id: string };
      userHandle = (options.user as { id: string }).id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(rp.id),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        counterBytes(),
        Buffer.alloc(16), // AAGUID
        idLength,
        rawId,
        cbor(coseKey),
      ]);
      return {
        id: b64url(rawId),
        rawId: b64url(rawId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    authenticate(options, origin) {
      counter += 1;
      const authData = Buffer.concat([sha256(options.rpId as string), Buffer.from([0x05]), counterBytes()]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64url(rawId),
        rawId: b64url(rawId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
