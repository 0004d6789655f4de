/**
 * The DEMO identity provider's public key (docs/federated-login.md). Its private half is in the repository
 * (scripts/demo-idp/private-key.json, for `npm run sso:assertion`), so anyone can sign with it: it is trusted
 * only when SSO_PUBLIC_KEYS is unset and NODE_ENV is not production, and a production server refuses to start
 * with it (config.ts).
 */
export const DEMO_PUBLIC_JWK = {
  kty: 'OKP', crv: 'Ed25519', x: 'bsiQTh2rBO5_xanw9CQ9gi01IxMPccBbk6BNPHnvFxk', kid: 'webpos-demo-idp-2026', alg: 'EdDSA', use: 'sig',
} as const;

/** The issuer the demo identity provider writes in `iss`, and the default of SSO_ISSUER. */
export const DEMO_ISSUER = 'webpos-demo-idp';
