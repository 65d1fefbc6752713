// The staff session as the header, the login page and the dashboard guard see it
// (docs/product.md#api:
// GET /api/auth/me, cached 5 minutes, not retried). The root route's loader starts the read
// without waiting for it, so a practitioner's first paint does not wait for it either
// (docs/decisions/013-server-state.md). A failed check counts as signed out.
import { getRouteApi } from '@tanstack/react-router';
import { use } from 'react';
import { logout as logoutEndpoint, me } from '../../schema/public-endpoints.ts';
import type { MeResponse } from '../../schema/session-api.ts';
import { request } from './api-client.ts';

export const SESSION_FRESH_MS = 5 * 60 * 1000;

export type Session =
  | { status: 'authenticated'; user: NonNullable<MeResponse['user']> }
  | { status: 'unauthenticated' };

const SIGNED_OUT: Session = { status: 'unauthenticated' };

/** Reads the me answer; anything but a well-formed authenticated answer is signed out. */
export function sessionFromMe(value: unknown): Session {
  const answer = value as Partial<MeResponse> | null;
  if (answer?.authenticated === true && answer.user && typeof answer.user.email === 'string') {
    return { status: 'authenticated', user: answer.user };
  }
  return SIGNED_OUT;
}

export function loadSession(): Promise<Session> {
  return request(me).then(sessionFromMe, () => SIGNED_OUT);
}

/**
 * docs/product.md#api: POST /api/auth/logout, then go to /dashboard/login even if the call failed
 * (the
 * failure is logged). A full page load clears every cached read.
 */
export async function logout(go: (path: string) => void = (p) => window.location.assign(p)) {
  try {
    await request(logoutEndpoint);
  } catch (error) {
    console.error('Logout failed', error);
  }
  go('/dashboard/login');
}

const root = getRouteApi('__root__');

/** Suspends until the session check has answered. */
export function useSession(): Session {
  return use(root.useLoaderData({ select: (data) => data.session }));
}
