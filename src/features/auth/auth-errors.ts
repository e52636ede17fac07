/** The app's fallback error texts per auth action, and pt-BR messages for the identity provider's error codes. */
export const AUTH_FALLBACK = {
  signIn: 'Erro ao fazer login',
  signUp: 'Erro ao criar conta',
  signOut: 'Erro ao fazer logout',
  resetPassword: 'Erro ao resetar senha',
} as const;

export const NOT_AUTHORIZED = 'Usuário não autorizado';

const CODE_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'E-mail ou senha incorretos.',
  'auth/invalid-login-credentials': 'E-mail ou senha incorretos.',
  'auth/wrong-password': 'E-mail ou senha incorretos.',
  'auth/user-not-found': 'E-mail ou senha incorretos.',
  'auth/invalid-email': 'E-mail inválido.',
  'auth/missing-email': 'Informe o e-mail.',
  'auth/missing-password': 'Informe a senha.',
  'auth/user-disabled': 'Esta conta foi desativada. Fale com o suporte.',
  'auth/too-many-requests': 'Muitas tentativas seguidas. Aguarde alguns minutos e tente novamente.',
  'auth/network-request-failed':
    'Não foi possível conectar ao serviço de autenticação. Verifique sua conexão e tente novamente.',
  'auth/email-already-in-use': 'Este e-mail já está cadastrado. Entre com ele ou recupere a senha.',
  'auth/weak-password': 'A senha precisa ter pelo menos 6 caracteres.',
  'auth/operation-not-allowed': 'Este método de acesso não está habilitado.',
  'auth/popup-blocked': 'O navegador bloqueou a janela de login. Permita pop-ups para este site e tente de novo.',
  'auth/popup-closed-by-user': 'A janela de login foi fechada antes de concluir.',
  'auth/cancelled-popup-request': 'Outra janela de login foi aberta; a anterior foi cancelada.',
  'auth/web-storage-unsupported':
    'Seu navegador bloqueia o armazenamento local. Habilite cookies e armazenamento para entrar.',
  'auth/unauthorized-domain': 'Este endereço não está autorizado a usar o login. Fale com o suporte.',
  'auth/invalid-api-key': 'Configuração de autenticação inválida (chave de API). Fale com o suporte.',
  'auth/auth-domain-config-required': 'Configuração de autenticação incompleta (domínio). Fale com o suporte.',
  'auth/internal-error': 'O serviço de autenticação falhou. Tente novamente em instantes.',
  'auth/requires-recent-login': 'Por segurança, entre novamente para concluir esta ação.',
  'auth/user-token-expired': 'Sua sessão expirou. Entre novamente.',
  'auth/invalid-user-token': 'Sua sessão expirou. Entre novamente.',
  'auth/quota-exceeded': 'Limite de uso do serviço de autenticação atingido. Tente mais tarde.',
  'auth/invalid-custom-token': 'Sessão salva inválida. Entre novamente.',
  'auth/expired-action-code': 'Este link expirou. Peça um novo.',
  'auth/account-exists-with-different-credential':
    'Este e-mail já tem uma conta com outro método de acesso. Entre com e-mail e senha.',
  'auth/timeout': 'O serviço de autenticação demorou demais para responder. Tente novamente.',
};

/**
 * A popup the person closed, or one that a newer popup replaced (a second click cancels the first): nothing went
 * wrong, so nothing is said (no toast, no message).
 */
const QUIET_CODES = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

export function authErrorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && code.startsWith('auth/')) return code;
  }
  return null;
}

export function isQuietAuthError(error: unknown): boolean {
  const code = authErrorCode(error);
  return code !== null && QUIET_CODES.has(code);
}

/** A failure with a message already written for the user (not a provider error). */
export class AuthFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthFailure';
  }
}

/** The provider's message in pt-BR when the code is known, else the operation's fallback. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof AuthFailure) return error.message;
  const code = authErrorCode(error);
  if (code) return CODE_MESSAGES[code] ?? fallback;
  return fallback;
}
