// The bureau's public details (GET /api/config): support e-mail, name and postal address for
// the footer, the support mailto, help cards and the hard-copy steps. The last answer is kept
// in localStorage so an offline visit still shows the real address; until the first answer
// arrives the server's own defaults are shown.
import { useSyncExternalStore } from 'react';
import type { PublicConfig } from '../../schema/api.ts';
import { api } from './api.ts';

export const PUBLIC_CONFIG_STORAGE_KEY = 'public-config';

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

function readCache(): PublicConfig | null {
  try {
    const raw = globalThis.localStorage?.getItem(PUBLIC_CONFIG_STORAGE_KEY);
    return raw ? asPublicConfig(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

let current: PublicConfig = readCache() ?? DEFAULT_PUBLIC_CONFIG;
let requested = false;
const listeners = new Set<() => void>();

export async function refreshPublicConfig(): Promise<PublicConfig> {
  requested = true;
  try {
    const fresh = asPublicConfig(await api.get<unknown>('/api/config'));
    if (fresh) {
      current = fresh;
      try {
        localStorage.setItem(PUBLIC_CONFIG_STORAGE_KEY, JSON.stringify(fresh));
      } catch {
        // Storage full or disabled: the in-memory copy still serves this visit.
      }
      for (const listener of listeners) listener();
    }
  } catch (error) {
    // Offline or the server is down: keep the cached or default details.
    console.warn('Could not load the public configuration', error);
  }
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!requested) void refreshPublicConfig();
  return () => listeners.delete(listener);
}

export function getPublicConfig(): PublicConfig {
  return current;
}

export function usePublicConfig(): PublicConfig {
  return useSyncExternalStore(subscribe, getPublicConfig, getPublicConfig);
}
