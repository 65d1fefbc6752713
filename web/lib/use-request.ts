// A one-shot read for a page: runs when its key changes, ignores answers that arrive after
// the key moved on, never refetches on focus and never retries (SPEC §7).
import { useEffect, useState } from 'react';

export type RequestState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

export function useRequest<T>(key: string | null, run: () => Promise<T>): RequestState<T> {
  const [state, setState] = useState<RequestState<T>>(
    key ? { status: 'loading' } : { status: 'idle' },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the request
  useEffect(() => {
    if (!key) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    run().then(
      (data) => current && setState({ status: 'success', data }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return state;
}
