/**
 * The single-sign-on and one-time-login entry (seed 000 §1: query parameters sinergia_id with FEU, otfid with
 * otftipo; docs/federated-login.md): the identity provider sends the browser to any address of the portal with
 * a signed assertion and the kind of user it names.
 */
export interface FederatedEntry {
  kind: 'sso' | 'otf';
  assertion: string;
  /** The login realm (spec/platform/bindings.yaml `loginRealms`): banca or merchant. */
  userType: string;
}

/** The entry an address's query carries, if any (both parameters of its pair are needed). */
export function federatedEntryOf(search: string): FederatedEntry | undefined {
  const query = new URLSearchParams(search);
  const sso = { assertion: query.get('sinergia_id'), userType: query.get('FEU') };
  if (sso.assertion && sso.userType) return { kind: 'sso', assertion: sso.assertion, userType: sso.userType };
  const otf = { assertion: query.get('otfid'), userType: query.get('otftipo') };
  if (otf.assertion && otf.userType) return { kind: 'otf', assertion: otf.assertion, userType: otf.userType };
  return undefined;
}
