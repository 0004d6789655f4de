/**
 * The login, session and permission calls of spec/sicurezza/operazioni-accesso.yaml, through the typed client
 * (core/apiClient.ts): paths, parameters, bodies and answers are the spec's (generated/types/api.ts), so a
 * change of those operations that this code does not follow fails `npm run typecheck`. Credential calls are
 * marked so their 401 is shown, not taken as a lost session.
 */
import type { ApiAnswer } from './apiClient';
import type { DataProvider } from './dataProvider';

export type UserType = 'banca' | 'merchant';

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
      api.POST('/authorization/auth', { params: { query: { userType } }, body: { username, password }, credentialCall: true }),
    logout: () => api.DELETE('/authorization/logout/'),
    /** `probe`: is anyone logged in? Its 401 is an answer (nobody), not a lost session. */
    me: (options: { probe?: boolean } = {}): Promise<CurrentUser> => api.GET('/users/me', { credentialCall: options.probe === true }),
    myGroups: () => api.GET('/users/me/gruppi'),
    functions: () => api.GET('/funzioni'),
    actionsOf: (fn: string) => api.GET('/funzioni/{fn}/permessi', { params: { path: { fn } } }),
    menuItems: () => api.GET('/menuitems'),
    changePassword: (username: string, oldPassword: string, newPassword: string): Promise<MessageAnswer> =>
      api.POST('/users/changePassword', { body: { username, oldPassword, newPassword }, credentialCall: true }),
    resetPassword: (username: string, mail: string, userType: UserType): Promise<MessageAnswer> =>
      api.PUT('/authorization/resetPassword', { params: { query: { mail, username, userType } }, credentialCall: true }),
    updateMyEmail: (email: string, password: string): Promise<MessageAnswer> => api.PUT('/users/me/email', { body: { email, password } }),
    adminResetPassword: (username: string): Promise<MessageAnswer> =>
      api.PUT('/users/{username}/password', { params: { path: { username } } }),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
