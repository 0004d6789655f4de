/**
 * The login, session and permission calls of spec/sicurezza/operazioni-accesso.yaml, through the typed client
 * (core/apiClient.ts): paths, parameters, bodies and answers are the spec's (generated/types/api.ts), so a
 * change of those operations that this code does not follow fails `npm run typecheck`. Credential calls are
 * marked so their 401 is shown, not taken as a lost session.
 */
import type { paths } from '../../../generated/types/api';
import type { ApiAnswer } from './apiClient';
import type { DataProvider } from './dataProvider';

/** A login realm (manifest `loginRealms`, from spec/platform/bindings.yaml): the login's `userType`. */
export type UserType = string;

/**
 * The manifest carries the realms as text while the typed client knows the spec's enum of `userType`. Both
 * come from spec/, and the server answers 400 to a value its enum lacks, so the text is passed on as it is.
 */
type LoginRealmValue = NonNullable<paths['/authorization/auth']['post']['parameters']['query']>['userType'];
// eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the manifest's realm text is one of the spec's codes (see above)
const realmValue = (userType: UserType) => userType as LoginRealmValue;

/** GET users/me. */
export type CurrentUser = ApiAnswer<'/users/me', 'get'>;

/** GET users/me/gruppi: one of the caller's groups. */
export type GroupRow = ApiAnswer<'/users/me/gruppi', 'get'>[number];

export interface MessageAnswer {
  message: string;
}

export function createAuthApi(provider: DataProvider) {
  const { api } = provider;
  return {
    login: (userType: UserType, username: string, password: string) =>
      api.POST('/authorization/auth', { params: { query: { userType: realmValue(userType) } }, body: { username, password }, credentialCall: true }),
    /** Single sign-on and one-time login (core/federatedEntry.ts): the identity provider's assertion. */
    singleSignOn: (userType: UserType, assertion: string) =>
      api.POST('/authorization/auth/{sinergiaId}/feu/{feu}', { params: { path: { sinergiaId: assertion, feu: realmValue(userType) } }, credentialCall: true }),
    oneTimeLogin: (userType: UserType, assertion: string) =>
      api.POST('/authorization/otf/{otfTipo}/id/{otfId}', { params: { path: { otfId: assertion, otfTipo: realmValue(userType) } }, credentialCall: true }),
    logout: () => api.DELETE('/authorization/logout/'),
    /** `probe`: is anyone logged in? Its 401 is an answer (nobody), not a lost session. */
    me: (options: { probe?: boolean } = {}): Promise<CurrentUser> => api.GET('/users/me', { credentialCall: options.probe === true }),
    myGroups: () => api.GET('/users/me/gruppi'),
    /** Every FUNCTION:ACTION the caller holds, in one call. `probe`: asked with the first users/me (above). */
    grants: (options: { probe?: boolean } = {}) => api.GET('/permessi', { credentialCall: options.probe === true }),
    menuItems: (options: { probe?: boolean } = {}) => api.GET('/menuitems', { credentialCall: options.probe === true }),
    changePassword: (username: string, oldPassword: string, newPassword: string): Promise<MessageAnswer> =>
      api.POST('/users/changePassword', { body: { username, oldPassword, newPassword }, credentialCall: true }),
    resetPassword: (username: string, mail: string, userType: UserType): Promise<MessageAnswer> =>
      api.PUT('/authorization/resetPassword', { params: { query: { mail, username, userType: realmValue(userType) } }, credentialCall: true }),
    updateMyEmail: (email: string, password: string): Promise<MessageAnswer> => api.PUT('/users/me/email', { body: { email, password } }),
    adminResetPassword: (username: string): Promise<MessageAnswer> =>
      api.PUT('/users/{username}/password', { params: { path: { username } } }),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
