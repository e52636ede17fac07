/**
 * The Auth emulator's Admin REST API as the browser tests' Workers see it (FIREBASE_ADMIN_TRANSPORT, harness.ts): the
 * demo's accounts (src/config/demo-accounts.json) looked up by e-mail or uid with their claims, updates and deletes
 * accepted. Stateless — every test starts from the same accounts — and nothing leaves the process.
 */
import demo from '@/config/demo-accounts.json';

const PREFIX = `/identitytoolkit.googleapis.com/v1/projects/${demo.projectId}/`;

const userOf = (account: (typeof demo.accounts)[number]) => ({
  localId: account.localId,
  email: account.email,
  displayName: account.displayName,
  customAttributes: JSON.stringify(account.admin ? { admin: true } : {}),
});

export async function answerAuthEmulator(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (request.method !== 'POST' || !path.startsWith(PREFIX) || request.headers.get('Authorization') !== 'Bearer owner') {
    return Response.json({ error: { code: 401, message: 'UNAUTHORIZED' } }, { status: 401 });
  }
  const body = (await request.json()) as { email?: string[]; localId?: string[] | string };
  const action = path.slice(PREFIX.length);
  const byId = (uid: unknown) => demo.accounts.find((account) => account.localId === uid);
  if (action === 'accounts:lookup') {
    const ids = Array.isArray(body.localId) ? body.localId : [];
    const emails = (body.email ?? []).map((email) => email.toLowerCase());
    const users = demo.accounts.filter((account) => ids.includes(account.localId) || emails.includes(account.email)).map(userOf);
    return Response.json(users.length > 0 ? { kind: 'identitytoolkit#GetAccountInfoResponse', users } : { kind: 'identitytoolkit#GetAccountInfoResponse' });
  }
  if (action === 'accounts:update' || action === 'accounts:delete') {
    return byId(body.localId) ? Response.json({ localId: body.localId }) : Response.json({ error: { code: 400, message: 'USER_NOT_FOUND' } }, { status: 400 });
  }
  return Response.json({ error: { code: 404, message: 'NOT_FOUND' } }, { status: 404 });
}
