// The catalogue page's read and the changes it sends (decision 072). Each change answers with
// the whole catalogue as it now is; the page then reloads its route so every view agrees.
import type { StaffCatalogue } from '../../../schema/catalogue-api.ts';
import type { BodyOf } from '../../../schema/endpoint.ts';
import {
  catalogueReview,
  catalogueSchemeChange,
  catalogueSchemeCreation,
  staffCatalogueRead,
} from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';

export function loadStaffCatalogue(signal?: AbortSignal): Promise<StaffCatalogue> {
  return request(staffCatalogueRead, { signal });
}

export function changeScheme(key: string, body: BodyOf<typeof catalogueSchemeChange>) {
  return request(catalogueSchemeChange, { params: { key }, body });
}

export function addScheme(body: BodyOf<typeof catalogueSchemeCreation>) {
  return request(catalogueSchemeCreation, { body });
}

export function markReviewed() {
  return request(catalogueReview);
}
