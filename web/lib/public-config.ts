// The bureau's public details (GET /api/config): support e-mail, name and postal address for
// the footer, the support mailto, help cards and the hard-copy steps. The root route loads
// them (docs/decisions/013-server-state.md); the last answer is kept in localStorage so an
// offline visit still shows the real address, and the server's defaults stand in before any.
import { getRouteApi } from '@tanstack/react-router';
import type { PublicConfig } from '../../schema/api.ts';
import type { config as configEndpoint } from '../../schema/endpoints.ts';
import { request } from './api-client.ts';

const PUBLIC_CONFIG_STORAGE_KEY = 'public-config';

// The whole app waits for this read, so a network that neither answers nor fails (lie-fi)
// must not hold the first paint for long.
const CONFIG_WAIT_MS = 3000;

// Spelled out, typed as the schema's: the entry must not import schema/endpoints.ts, whose
// chunk would then carry every staff path into the practitioner's first load.
const config: typeof configEndpoint = { method: 'GET', path: '/api/config' };

/** The same defaults as worker/config.ts. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  supportEmail: 'support@example.co.za',
  bureauName: 'Medical Billing Bureau',
  postalAddress: ['Medical Billing Bureau', 'PO Box 0000', 'Cape Town', '8000', 'South Africa'],
};

/** Accepts only a well-formed config; anything else (old cache, proxy page) is ignored. */
export function asPublicConfig(value: unknown): PublicConfig | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.supportEmail !== 'string' || !v.supportEmail.includes('@')) return null;
  if (typeof v.bureauName !== 'string' || v.bureauName === '') return null;
  if (!Array.isArray(v.postalAddress) || !v.postalAddress.every((l) => typeof l === 'string'))
    return null;
  return {
    supportEmail: v.supportEmail,
    bureauName: v.bureauName,
    postalAddress: v.postalAddress as string[],
  };
}

function readStored(): PublicConfig | null {
  try {
    const raw = globalThis.localStorage?.getItem(PUBLIC_CONFIG_STORAGE_KEY);
    return raw ? asPublicConfig(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** The fresh config when the server answers, else the stored copy, else the defaults. */
export async function loadPublicConfig(): Promise<PublicConfig> {
  try {
    const fresh = asPublicConfig(
      await request(config, { signal: AbortSignal.timeout(CONFIG_WAIT_MS) }),
    );
    if (fresh) {
      try {
        localStorage.setItem(PUBLIC_CONFIG_STORAGE_KEY, JSON.stringify(fresh));
      } catch {
        // Storage full or disabled: the loaded copy still serves this visit.
      }
      return fresh;
    }
  } catch (error) {
    // Offline, slow or the server is down: keep the stored or default details.
    console.warn('Could not load the public configuration', error);
  }
  return readStored() ?? DEFAULT_PUBLIC_CONFIG;
}

const root = getRouteApi('__root__');

export function usePublicConfig(): PublicConfig {
  return root.useLoaderData({ select: (data) => data.config });
}
