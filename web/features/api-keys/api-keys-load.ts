// Keys for machines (issue 40): the list, a new key (its text returned this once), a revocation.
import type { ApiKeyCreate, ApiKeyCreated, ApiKeyList } from '../../../schema/api-keys-api.ts';
import { openApi } from '../../../schema/public-endpoints.ts';
import { apiKeyCreation, apiKeyRevocation, apiKeysRead } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';

export function loadApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return request(apiKeysRead, { signal });
}

export function createApiKey(body: ApiKeyCreate): Promise<ApiKeyCreated> {
  return request(apiKeyCreation, { body });
}

export function revokeApiKey(keyId: string) {
  return request(apiKeyRevocation, { params: { keyId } });
}

/** The OpenAPI document, for the reference page. */
export function loadApiReference(signal?: AbortSignal) {
  return request(openApi, { signal });
}
