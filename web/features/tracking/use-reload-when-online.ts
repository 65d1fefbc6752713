// The tracking page reads itself again when the connection returns: a view shown from the
// device, or 'not found' because there was no connection, is brought up to date by itself.
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

export function useReloadWhenOnline() {
  const router = useRouter();
  useEffect(() => {
    const reload = () => void router.invalidate();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [router]);
}
