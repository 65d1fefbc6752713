// The tracking page reloads itself when the connection returns: a view shown from the device,
// or 'not found' because there was no connection, is brought up to date without a tap.
import { useEffect } from 'react';

export function useReloadWhenOnline(when: boolean) {
  useEffect(() => {
    if (!when) return;
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [when]);
}
