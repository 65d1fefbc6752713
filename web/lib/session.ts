// The staff session as the header and the dashboard guard see it (SPEC §7: GET /api/auth/me,
// cached 5 minutes, never refetched on focus, not retried). A failed check counts as signed
// out. A tiny cache instead of a query library keeps the practitioner's first load small.
import { useEffect, useSyncExternalStore } from 'react';
import type { MeResponse } from '../../schema/api.ts';
import { api } from './api.ts';

export const SESSION_FRESH_MS = 5 * 60 * 1000;

export type Session =
  | { status: 'loading' }
  | { status: 'authenticated'; user: NonNullable<MeResponse['user']> }
  | { status: 'unauthenticated' };

const SIGNED_OUT: Session = { status: 'unauthenticated' };
const LOADING: Session = { status: 'loading' };

let session: Session = LOADING;
let fetchedAt = 0;
let inflight: Promise<Session> | null = null;
const listeners = new Set<() => void>();
const cacheClearers = new Set<() => void>();

function publish(next: Session) {
  session = next;
  for (const listener of listeners) listener();
}

/** Reads the me answer; anything but a well-formed authenticated answer is signed out. */
export function sessionFromMe(value: unknown): Session {
  const me = value as Partial<MeResponse> | null;
  if (me?.authenticated === true && me.user && typeof me.user.email === 'string') {
    return { status: 'authenticated', user: me.user };
  }
  return SIGNED_OUT;
}

export function isFresh(fetchedAtMs: number, nowMs: number): boolean {
  return fetchedAtMs > 0 && nowMs - fetchedAtMs < SESSION_FRESH_MS;
}

export function loadSession(): Promise<Session> {
  if (session.status !== 'loading' && isFresh(fetchedAt, Date.now()))
    return Promise.resolve(session);
  if (inflight) return inflight;
  inflight = api
    .get<unknown>('/api/auth/me')
    .then(sessionFromMe, () => SIGNED_OUT)
    .then((next) => {
      fetchedAt = Date.now();
      inflight = null;
      publish(next);
      return next;
    });
  return inflight;
}

/** After a login the answer is known: no need to ask again. */
export function setSession(user: NonNullable<MeResponse['user']>) {
  fetchedAt = Date.now();
  publish({ status: 'authenticated', user });
}

/** Other caches (e.g. the dashboard's lists) register here to be emptied on logout. */
export function onClearCachedData(clear: () => void): () => void {
  cacheClearers.add(clear);
  return () => cacheClearers.delete(clear);
}

export function clearCachedData() {
  fetchedAt = 0;
  inflight = null;
  for (const clear of cacheClearers) clear();
  publish(SIGNED_OUT);
}

/**
 * SPEC §7: POST /api/auth/logout, then clear cached data and go to /dashboard/login even if
 * the call failed (the failure is logged). A full page load leaves nothing of the session in
 * memory.
 */
export async function logout(go: (path: string) => void = (p) => window.location.assign(p)) {
  try {
    await api.post('/api/auth/logout');
  } catch (error) {
    console.error('Logout failed', error);
  }
  clearCachedData();
  go('/dashboard/login');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => session;

export function useSession(): Session {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useEffect(() => {
    void loadSession();
  }, []);
  return current;
}
