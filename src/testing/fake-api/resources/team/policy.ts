/**
 * The roles, enforced in one place for every resource: a route that runs before the resources' handlers and
 * answers 403 (pt-BR) when the caller's role may not make the change it asked for; otherwise it lets the request
 * through. Reads are the resources' business (every role sees the account's data; /team refuses the Técnico).
 *
 * - purchases: /order… and /address… (orders, payments, delivery addresses): Administrador only;
 * - the team and the account's data: /team… and /account… (export, deletion): Administrador only;
 * - any other change: Administrador and Técnico; Leitura changes nothing but its own profile (PATCH /me) and
 *   accepting an invitation.
 */
import { roleCan, roleForbiddenMessage, type Capability } from '@/contracts/team';
import { apiError, authenticate, type HandlerContext } from '@/testing/fake-api/http';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Paths (after the API base) the policy leaves alone: public, personal, or the staff's own (adminOnly). */
const EXEMPT = [/^\/me$/, /^\/assembler$/, /^\/newsletter(\/(confirm|unsubscribe))?$/, /^\/invitation\//, /^\/backoffice\//];

export function capabilityOf(path: string): Capability {
  if (/^\/(order|address)(\/|$)/.test(path)) return 'purchase';
  if (/^\/(team|account)(\/|$)/.test(path)) return 'team';
  return 'edit';
}

export function rolePolicy(ctx: HandlerContext) {
  return ({ request }: { request: Request }): Response | undefined => {
    if (READS.has(request.method.toUpperCase())) return undefined;
    const url = new URL(request.url);
    if (!url.href.startsWith(`${ctx.apiUrl}/`)) return undefined;
    const path = url.href.slice(ctx.apiUrl.length).split('?')[0] ?? '';
    if (EXEMPT.some((pattern) => pattern.test(path))) return undefined;
    const auth = authenticate(request, ctx);
    // No session: the resource's handler answers its 401. Staff: the back office has its own checks.
    if ('response' in auth || auth.principal.admin) return undefined;
    const { role } = auth.principal;
    const capability = capabilityOf(path);
    if (roleCan(role, capability)) return undefined;
    return apiError(403, 'role-forbidden', roleForbiddenMessage(role, capability));
  };
}
