/**
 * The login, session and permission calls of spec/sicurezza/operazioni-accesso.yaml, typed, over the data
 * provider's generic `request`. Credential calls are marked so their 401 is shown, not taken as a lost session.
 */
import type { DataProvider } from './dataProvider';

export type UserType = 'banca' | 'merchant';

export interface LoginAnswer {
  access_token: string;
  expire_in: number;
}

/** GET users/me. */
export interface CurrentUser {
  username: string;
  fullName?: string | null;
  email?: string | null;
  emailSecondaria?: string | null;
  group: string;
  cab?: string | null;
  userType: string;
  groupType?: string | null;
  parentGroup?: string | null;
  codAbi?: string | null;
  isAssistenza: boolean;
  isMerchant: boolean;
  isMerchantOp?: boolean;
  isAbiGT?: boolean;
  hasfattDirBanca?: boolean;
  MERCHANT_OP?: boolean;
  ROLE_WPB?: boolean;
  singleBank?: boolean;
}

export interface GroupRow {
  groupName: string;
  description?: string | null;
  groupType?: string | null;
  parentGroup?: string | null;
}

export interface MessageAnswer {
  message: string;
}

export function createAuthApi(provider: DataProvider) {
  return {
    login: (userType: UserType, username: string, password: string) =>
      provider.request<LoginAnswer>('POST', 'authorization/auth', { query: { userType }, body: { username, password }, credentials: true }),
    logout: () => provider.request<void>('DELETE', 'authorization/logout/'),
    /** `probe`: is anyone logged in? Its 401 is an answer (nobody), not a lost session. */
    me: (options: { probe?: boolean } = {}) => provider.request<CurrentUser>('GET', 'users/me', { credentials: options.probe === true }),
    myGroups: () => provider.request<GroupRow[]>('GET', 'users/me/gruppi'),
    functions: () => provider.request<string[]>('GET', 'funzioni'),
    actionsOf: (fn: string) => provider.request<string[]>('GET', `funzioni/${encodeURIComponent(fn)}/permessi`),
    menuItems: () => provider.request<string[]>('GET', 'menuitems'),
    changePassword: (username: string, oldPassword: string, newPassword: string) =>
      provider.request<MessageAnswer>('POST', 'users/changePassword', { body: { username, oldPassword, newPassword }, credentials: true }),
    resetPassword: (username: string, mail: string, userType: UserType) =>
      provider.request<MessageAnswer>('PUT', 'authorization/resetPassword', { query: { mail, username, userType }, credentials: true }),
    updateMyEmail: (email: string, password: string) => provider.request<MessageAnswer>('PUT', 'users/me/email', { body: { email, password } }),
    adminResetPassword: (username: string) =>
      provider.request<MessageAnswer>('PUT', `users/${encodeURIComponent(username)}/password`),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
