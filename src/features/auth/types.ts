/** The signed-in user as the app keeps it (built from the identity provider, `auth_data` or `GET /me`). */
export interface AuthUser {
  uid: string;
  email: string;
  name: string;
  cnpj: string;
  admin: boolean;
}

/** Profile from the server: GET /me. */
export interface Me {
  name: string;
  cnpj: string | null;
  email?: string;
}

/** POST /assembler body. */
export interface AssemblerRegistration {
  name: string;
  cnpj: string;
  email: string;
}

export interface AuthState {
  user: AuthUser | null;
  loading: boolean;
  error: string | null;
}

export type AuthArea = 'portal' | 'backoffice';
