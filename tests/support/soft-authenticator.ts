/**
 * A software passkey for API tests: an ES256 key made with node:crypto, answering the server's WebAuthn
 * options as a browser with a platform authenticator would (W3C WebAuthn Level 3 §6.1 authenticator data,
 * 'none' attestation in CBOR, RFC 8949), so the tests drive real ceremonies the server verifies for real.
 * Everything an attack needs is a parameter: the origin, the counter, the challenge, the user handle.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

/** The few CBOR items WebAuthn needs: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64u = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** UP (user present), UV (user verified), AT (attested credential data follows). */
const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 };

export interface CeremonyOptions { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } }

export interface Tampering {
  origin?: string;
  /** The counter the authenticator reports (a clone reports an old one). */
  counter?: number;
  /** A challenge other than the options' (a replay of an old one). */
  challenge?: string;
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Buffer;
  private userHandle = '';
  counter = 0;

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key (RFC 9053): kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    this.cosePublicKey = cbor(new Map<number, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(String(jwk.x), 'base64url')], [-3, Buffer.from(String(jwk.y), 'base64url')]]));
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** navigator.credentials.create(): the JSON text the browser library sends to registration/finish. */
  register(optionsText: string, tampering: Tampering = {}): string {
    const options: CeremonyOptions = JSON.parse(optionsText);
    this.userHandle = options.user?.id ?? '';
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey]);
    const flags = FLAGS.up | FLAGS.at | (tampering.userVerified === false ? 0 : FLAGS.uv);
    const authData = this.authData(options.rp?.id ?? 'localhost', flags, this.counter, attested);
    const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    const clientDataJSON = this.clientData('webauthn.create', tampering.challenge ?? options.challenge, tampering.origin ?? this.origin);
    return JSON.stringify({
      id: b64u(this.credentialId), rawId: b64u(this.credentialId), type: 'public-key', clientExtensionResults: {},
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ['internal'] },
    });
  }

  /** navigator.credentials.get(): the JSON text sent to assertion/finish; the counter goes up by one unless told. */
  assert(optionsText: string, tampering: Tampering = {}): string {
    const options: CeremonyOptions = JSON.parse(optionsText);
    this.counter = tampering.counter ?? this.counter + 1;
    const flags = FLAGS.up | (tampering.userVerified === false ? 0 : FLAGS.uv);
    const authData = this.authData(options.rpId ?? 'localhost', flags, this.counter);
    const clientDataJSON = this.clientData('webauthn.get', tampering.challenge ?? options.challenge, tampering.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return JSON.stringify({
      id: b64u(this.credentialId), rawId: b64u(this.credentialId), type: 'public-key', clientExtensionResults: {},
      response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authData), signature: b64u(signature), userHandle: this.userHandle },
    });
  }
}
