/**
 * Why an assertion was refused: recorded in the audit (AccessoFederato `motivo`), never told to the client,
 * which gets the one ASSERTION_REFUSED whatever the reason (it only needs to go back to its portal).
 */
export type RefusalReason =
  | 'disabled' | 'malformed' | 'algorithm' | 'signature' | 'issuer' | 'audience' | 'type' | 'expired' | 'notYetValid'
  | 'lifetime' | 'claims' | 'replay' | 'unknownUser' | 'userDisabled' | 'wrongUserType' | 'throttled';

export class AssertionRefused extends Error {
  constructor(readonly reason: RefusalReason, readonly claimedUser?: string) {
    super(`assertion refused: ${reason}`);
  }
}
