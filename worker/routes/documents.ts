// Registration-form PDFs practitioners can download per scheme (SPEC §7).
import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { PublicMedicalAidDocument } from '../../schema/api.ts';
import { medicalAidDocuments } from '../../schema/db.ts';
import type { AppEnv, Deps } from '../app.ts';

export function documentRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/medical-aid-documents', async (c) => {
    const rows = await deps.db
      .select({
        id: medicalAidDocuments.id,
        schemeKey: medicalAidDocuments.schemeKey,
        fileName: medicalAidDocuments.fileName,
        description: medicalAidDocuments.description,
      })
      .from(medicalAidDocuments)
      .orderBy(asc(medicalAidDocuments.schemeKey), asc(medicalAidDocuments.createdAt));
    const body: PublicMedicalAidDocument[] = rows;
    return c.json(body);
  });
}
