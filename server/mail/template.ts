/**
 * A mail text with secret parts. The secrets (a temporary password) are written into the recipient's
 * copy only; every other copy, the outbox row above all, shows them masked. Placeholders are `{{name}}`.
 */
export const MASKED_SECRET = '******** (inviata solo al destinatario)';

export interface SecretText {
  /** The text with `{{name}}` where each secret goes. */
  template: string;
  /** name -> value; never stored, never logged. */
  secrets: Record<string, string>;
}

/** The copy that leaves for the recipient. */
export function fillSecrets({ template, secrets }: SecretText): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in secrets)) throw new Error(`mail template: no value for {{${name}}}`);
    return secrets[name];
  });
}

/** The copy that is kept: every placeholder masked, and a last check that no secret slipped through elsewhere. */
export function maskSecrets({ template, secrets }: SecretText): string {
  const masked = template.replace(/\{\{(\w+)\}\}/g, MASKED_SECRET);
  for (const value of Object.values(secrets)) {
    if (value && masked.includes(value)) throw new Error('mail template: a secret appears outside its placeholder');
  }
  return masked;
}
