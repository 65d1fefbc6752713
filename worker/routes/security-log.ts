// The security log for staff (worker/services/security-log/security-log.ts): read page by page in the
// dashboard, exported whole as CSV or JSON. Behind requireStaff like every /api/admin route; an
// export is itself logged.
import { Hono } from 'hono';
import { securityLogExportQuery, securityLogQuery } from '../../schema/security-log-api.ts';
import { securityLogExport, securityLogRead } from '../../schema/staff-endpoints.ts';
import type { Deps } from '../deps.ts';
import { validate } from '../http.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import { reply } from '../reply.ts';
import {
  readSecurityLog,
  securityLogCsv,
  securityLogExportEntries,
  securityLogInsert,
  staffActor,
} from '../services/security-log/security-log.ts';

export function securityLogRoutes(deps: Deps) {
  return new Hono<StaffEnv>()
    .use('/api/admin/security-log/*', requireStaff(deps))
    .get(securityLogRead.path, validate('query', securityLogQuery), async (c) => {
      const page = await readSecurityLog(deps.db, c.req.valid('query'));
      if (page.nextCursor) c.header('X-Next-Cursor', page.nextCursor);
      return reply(c, securityLogRead, page.entries);
    })
    .get(securityLogExport.path, validate('query', securityLogExportQuery), async (c) => {
      const format = c.req.valid('query').format ?? 'csv';
      const now = deps.clock.now();
      await securityLogInsert(
        deps.db,
        {
          action: 'security_log_exported',
          actor: staffActor(c.get('staff')),
          entityType: 'security_log',
          entityId: 'security_log',
          details: { format },
        },
        now,
      );
      const entries = await securityLogExportEntries(deps.db);
      const name = `security-log-${now.toISOString().slice(0, 10)}.${format}`;
      // Offered as a file: saved, not shown in a tab.
      c.header('Content-Disposition', `attachment; filename="${name}"`);
      if (format === 'json') return reply(c, securityLogExport, entries);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      return c.body(securityLogCsv(entries));
    });
}
