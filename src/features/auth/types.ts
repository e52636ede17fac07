/** The signed-in user as the app keeps it (built from the identity provider, `auth_data` or `GET /me`). */
export interface AuthUser {
  uid: string;
  email: string;
  name: string;
  cnpj: string;
  admin: boolean;
  /**
   * The identity's e-mail is verified (Firebase's `emailVerified`; Google's always are). False: the portal shows
   * "Confirme seu e-mail" and the API refuses buying, inviting and connecting. Absent (the back office, older
   * stored data): taken as verified — the listener sets it from the identity on every load.
   */
  emailVerified?: boolean;
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

/**
 * Someone signed in at the identity service whose builder record does not exist (a first Google sign-in, or an
 * account whose registration never reached POST /assembler): the portal asks for Nome and CNPJ
 * ("Complete seu cadastro") before it opens.
 */
export interface PendingProfile {
  uid: string;
  email: string;
  /** The identity's display name (Google's), offered as the Nome to start from. */
  name: string;
}

export interface AuthState {
  user: AuthUser | null;
  loading: boolean;
  error: string | null;
  /** Set only while a signed-in person still has to complete the registration (never together with `user`). */
  pendingProfile?: PendingProfile;
}

export type AuthArea = 'portal' | 'backoffice';
