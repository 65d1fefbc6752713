// The bureau's public details (GET /api/config): support e-mail, name and postal address for
// the footer, the support mailto, help cards and the hard-copy steps. The root route loads
// them (docs/decisions/013-server-state.md). What is shown before the server answers: the
// last answer kept in localStorage (what this device showed last time, also offline), else
// the copy the Node entry writes into the page (<meta name="portal-config">, worker/
// static-site.ts: a first visit), else the server's defaults. Pre-rendered pages are built with the
// defaults, so those are also what the hydrating render shows
// (docs/decisions/060-prerendered-public-pages.md).
import { getRouteApi } from '@tanstack/react-router';
import type { PublicConfig } from '../../schema/api-basics.ts';
import { config } from '../../schema/public-endpoints.ts';
import { request } from './api-client.ts';
import { useHydrated } from './hydrated.ts';
import { useArriving } from './use-arriving.ts';

const PUBLIC_CONFIG_STORAGE_KEY = 'public-config';

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

export const PUBLIC_CONFIG_META = 'portal-config';

function readEmbedded(): PublicConfig | null {
  try {
    const meta = globalThis.document?.querySelector<HTMLMetaElement>(
      `meta[name="${PUBLIC_CONFIG_META}"]`,
    );
    return meta ? asPublicConfig(JSON.parse(meta.content)) : null;
  } catch {
    return null;
  }
}

/**
 * What the pages show at once (the stored copy, else the defaults) and the server's answer
 * still on its way: nothing waits for the network before the first paint.
 */
export type PublicConfigLoad = { known: PublicConfig; fresh: Promise<PublicConfig | null> };

export function loadPublicConfig(): PublicConfigLoad {
  const fresh = request(config)
    .then((answer) => {
      const checked = asPublicConfig(answer);
      if (checked) {
        try {
          localStorage.setItem(PUBLIC_CONFIG_STORAGE_KEY, JSON.stringify(checked));
        } catch {
          // Storage full or disabled: the loaded copy still serves this visit.
        }
      }
      return checked;
    })
    .catch((error: unknown) => {
      // Offline or the server is down: the stored or default details stay.
      console.warn('Could not load the public configuration', error);
      return null;
    });
  return { known: readStored() ?? readEmbedded() ?? DEFAULT_PUBLIC_CONFIG, fresh };
}

const root = getRouteApi('__root__');

export function usePublicConfig(): PublicConfig {
  const { known, fresh } = root.useLoaderData({ select: (data) => data.config });
  const hydrated = useHydrated();
  return useArriving(fresh, hydrated ? known : DEFAULT_PUBLIC_CONFIG);
}
