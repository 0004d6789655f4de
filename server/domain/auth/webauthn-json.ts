/**
 * The credential a browser answers (navigator.credentials.create/get, as @simplewebauthn/browser serialises
 * it) arrives as one JSON text: read here into the library's types, taking only the members it verifies.
 * Anything else is undefined, which the handlers refuse with the operation's message.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isRecord, recordAt } from '../../records.js';

function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** id, rawId and type of any public-key credential, with its response object. */
function credentialParts(text: string): { id: string; rawId: string; response: Record<string, unknown> } | undefined {
  const value = parsed(text);
  const response = value && recordAt(value, 'response');
  if (!value || !response || value.type !== 'public-key' || !isText(value.id) || !isText(value.rawId)) return undefined;
  return { id: value.id, rawId: value.rawId, response };
}

export function registrationResponse(text: string): RegistrationResponseJSON | undefined {
  const parts = credentialParts(text);
  if (!parts) return undefined;
  const { clientDataJSON, attestationObject, transports } = parts.response;
  if (!isText(clientDataJSON) || !isText(attestationObject)) return undefined;
  return {
    id: parts.id, rawId: parts.rawId, type: 'public-key', clientExtensionResults: {},
    response: { clientDataJSON, attestationObject, transports: Array.isArray(transports) ? transports.filter(isText) : [] },
  };
}

export function authenticationResponse(text: string): AuthenticationResponseJSON | undefined {
  const parts = credentialParts(text);
  if (!parts) return undefined;
  const { clientDataJSON, authenticatorData, signature, userHandle } = parts.response;
  if (!isText(clientDataJSON) || !isText(authenticatorData) || !isText(signature)) return undefined;
  return {
    id: parts.id, rawId: parts.rawId, type: 'public-key', clientExtensionResults: {},
    response: { clientDataJSON, authenticatorData, signature, ...(isText(userHandle) ? { userHandle } : {}) },
  };
}
