// The security log's reads for the dashboard page: one page at a time (newest first, the next
// page's cursor in X-Next-Cursor), and the export links the browser downloads itself.
import type { SecurityLogEntry } from '../../../schema/security-log-api.ts';
import { securityLogExport, securityLogRead } from '../../../schema/staff-endpoints.ts';
import { requestWithHeaders, urlOf } from '../../lib/api-client.ts';

export const SECURITY_LOG_PAGE_SIZE = 50;

export type SecurityLogPage = { entries: SecurityLogEntry[]; nextCursor: string | null };

export async function loadSecurityLogPage(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<SecurityLogPage> {
  const { body, headers } = await requestWithHeaders(securityLogRead, {
    query: { limit: SECURITY_LOG_PAGE_SIZE, cursor },
    signal,
  });
  return { entries: body, nextCursor: headers.get('X-Next-Cursor') || null };
}

export function securityLogExportUrl(format: 'csv' | 'json'): string {
  return urlOf(securityLogExport, { query: { format } });
}
