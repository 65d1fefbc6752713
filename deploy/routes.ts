// Where the deployed Worker answers (issue 37): the host of PUBLIC_ORIGIN, as a Custom Domain
// generated at deploy time unless wrangler.toml names its own routes. A Worker left on
// workers.dev serves pages whose uploads R2's CORS rule refuses and whose mailed links name a
// host that does not serve it, so that is refused unless asked for with --workers-dev.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parse, stringify } from 'smol-toml';
import { DeployRefused } from './deploy-settings.ts';

/** A wrangler route: a zone route pattern, or an object with custom_domain / zone_name. */
export type WranglerRoute =
  | string
  | { pattern: string; custom_domain?: boolean; [k: string]: unknown };

export type Routing = {
  /** The routes wrangler deploy gets (the toml's own, or the generated custom domain). */
  routes: WranglerRoute[];
  workersDev: boolean;
  /** The portal's public origin (no trailing slash). */
  publicOrigin: string;
};

/** The example PUBLIC_ORIGIN wrangler.toml ships with. */
export const PLACEHOLDER_ORIGIN = 'https://portal.example.co.za';

const patternOf = (route: WranglerRoute) => (typeof route === 'string' ? route : route.pattern);

/** Whether a route pattern (`host`, `host/*`, `*.zone/*`, with or without a scheme) takes host's root. */
export function routeServes(pattern: string, host: string): boolean {
  const bare = pattern.replace(/^https?:\/\//, '');
  const slash = bare.indexOf('/');
  const hostPart = slash < 0 ? bare : bare.slice(0, slash);
  const pathPart = slash < 0 ? '/*' : bare.slice(slash);
  const wild = (glob: string) =>
    new RegExp(
      `^${glob
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
  return wild(hostPart.toLowerCase()).test(host) && (pathPart === '/*' || pathPart === '/');
}

export function routingFor(
  configRoutes: WranglerRoute[] | undefined,
  publicOrigin: string | undefined,
  options: { workersDev: boolean },
): Routing {
  if (!publicOrigin || publicOrigin === PLACEHOLDER_ORIGIN) {
    throw new DeployRefused(
      "Set PUBLIC_ORIGIN (the portal's https address, e.g. https://portal.bureau.co.za) in " +
        "wrangler.toml's [vars] or the environment: the Worker is deployed to its host.",
    );
  }
  let url: URL;
  try {
    url = new URL(publicOrigin);
  } catch {
    throw new DeployRefused(`PUBLIC_ORIGIN is not a URL: ${publicOrigin}`);
  }
  if (url.protocol !== 'https:') {
    throw new DeployRefused(
      `PUBLIC_ORIGIN must be https:// on Cloudflare (it is ${publicOrigin}).`,
    );
  }
  const host = url.hostname.toLowerCase();
  const routes = configRoutes ?? [];
  if (options.workersDev) return { routes, workersDev: true, publicOrigin: url.origin };
  if (host.endsWith('.workers.dev')) {
    throw new DeployRefused(
      `PUBLIC_ORIGIN ${url.origin} is on workers.dev: pass --workers-dev to deploy there ` +
        '(and put that origin in the bucket CORS policy), or give the portal its own domain.',
    );
  }
  if (routes.length === 0) {
    return {
      routes: [{ pattern: host, custom_domain: true }],
      workersDev: false,
      publicOrigin: url.origin,
    };
  }
  if (!routes.some((route) => routeServes(patternOf(route), host))) {
    throw new DeployRefused(
      `PUBLIC_ORIGIN's host ${host} is not routed to the Worker (wrangler.toml routes: ` +
        `${routes.map(patternOf).join(', ')}). Add { pattern = "${host}", custom_domain = true } ` +
        'to routes, remove routes to have it made from PUBLIC_ORIGIN, or pass --workers-dev.',
    );
  }
  return { routes, workersDev: false, publicOrigin: url.origin };
}

type WranglerToml = {
  main?: string;
  routes?: WranglerRoute[];
  route?: WranglerRoute;
  vars?: Record<string, unknown>;
  [key: string]: unknown;
};

/** routingFor over wrangler.toml's routes and PUBLIC_ORIGIN (the environment's, else the toml's). */
export async function readRouting(
  wranglerToml: string,
  env: NodeJS.ProcessEnv,
  options: { workersDev: boolean },
): Promise<Routing> {
  const config = parse(await readFile(wranglerToml, 'utf8')) as WranglerToml;
  const routes = config.routes ?? (config.route ? [config.route] : undefined);
  const origin = env.PUBLIC_ORIGIN || config.vars?.PUBLIC_ORIGIN;
  return routingFor(routes, typeof origin === 'string' ? origin : undefined, options);
}

/**
 * wrangler.toml with the routing (and `extra`) written in, in outDir (paths made absolute), for `wrangler
 * deploy --config`: the file in the repository stays the one a bureau edits.
 */
export async function writeDeployConfig(
  wranglerToml: string,
  routing: Routing,
  outDir: string,
  /** Other settings made at deploy time (the placement, deploy/placement.ts). */
  extra: Record<string, unknown> = {},
): Promise<string> {
  const config = parse(await readFile(wranglerToml, 'utf8')) as WranglerToml;
  const { route: _single, ...rest } = config;
  const deployed: WranglerToml = {
    ...rest,
    ...extra,
    main: resolve(dirname(wranglerToml), config.main ?? 'worker/cloudflare.ts'),
    workers_dev: routing.workersDev,
    routes: routing.routes,
  };
  const assets = config.assets as { directory?: string } | undefined;
  if (assets?.directory) {
    deployed.assets = { ...assets, directory: resolve(dirname(wranglerToml), assets.directory) };
  }
  const path = join(outDir, 'wrangler.toml');
  await writeFile(path, stringify(deployed));
  return path;
}
