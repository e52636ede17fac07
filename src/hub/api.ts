/** The hub's two calls to the VPN API (`Authorization: Hub <credencial>`), each bounded by a timeout. */
import { hubDesiredStateSchema, type HubDesiredState, type HubReport, type HubReportAnswer } from '@/contracts/hub';

export interface HubApi {
  getState(): Promise<HubDesiredState>;
  postReport(report: HubReport): Promise<HubReportAnswer | null>;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface ApiOptions {
  apiUrl: string;
  hubId: string;
  token: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

async function call(options: ApiOptions, path: string, init: RequestInit): Promise<unknown> {
  const url = `${options.apiUrl}/hub/${encodeURIComponent(options.hubId)}/${path}`;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      ...init,
      headers: { ...init.headers, authorization: `Hub ${options.token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
      ? `sem resposta em ${options.timeoutMs} ms`
      : error instanceof Error
        ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
        : String(error);
    throw new ApiError(`API VPN inacessível (${path}): ${reason}.`);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    let detail = text.slice(0, 200);
    try {
      const body = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } };
      const message = body.message ?? body.error?.message;
      if (typeof message === 'string') detail = message;
    } catch {
      // not JSON: the raw text
    }
    detail = detail.trim().replace(/\.$/, '');
    throw new ApiError(`API VPN respondeu ${response.status} (${path})${detail ? `: ${detail}` : ''}.`, response.status);
  }
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(`API VPN respondeu JSON inválido (${path}).`, response.status);
  }
}

export function createApi(options: ApiOptions): HubApi {
  return {
    async getState() {
      const body = await call(options, 'state', { method: 'GET' });
      const parsed = hubDesiredStateSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ApiError(`Estado desejado fora do contrato: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim() + '.');
      }
      return parsed.data;
    },
    async postReport(report) {
      const body = await call(options, 'report', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(report),
      });
      return (body ?? null) as HubReportAnswer | null;
    },
  };
}
