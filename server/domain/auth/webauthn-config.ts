/**
 * The relying party of the passkeys (README variables WEBAUTHN_RP_ID, WEBAUTHN_RP_NAME, WEBAUTHN_ORIGIN).
 * A passkey is bound by the browser to the RP id (the site's domain); the server accepts its ceremonies only
 * from the origins listed. Unset, the RP id is localhost and any http://localhost port is accepted: a
 * browser lets no other site use a localhost RP id, so the default is safe, and it only serves development.
 */
export interface RelyingParty {
  id: string;
  name: string;
  /** The origins whose ceremonies are accepted; undefined: any http://localhost:port (the default). */
  origins?: string[];
}

const LOCALHOST = /^http:\/\/localhost(:\d{1,5})?$/;

export function relyingPartyFromEnv(env: NodeJS.ProcessEnv = process.env): RelyingParty {
  const origins = (env.WEBAUTHN_ORIGIN ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  return {
    id: env.WEBAUTHN_RP_ID || 'localhost',
    name: env.WEBAUTHN_RP_NAME || 'WebPOS',
    ...(origins.length ? { origins } : {}),
  };
}

/** The origins to verify a ceremony against, given the origin its client data names. */
export function expectedOrigins(rp: RelyingParty, claimed: string): string[] {
  if (rp.origins) return rp.origins;
  return LOCALHOST.test(claimed) ? [claimed] : ['http://localhost'];
}
