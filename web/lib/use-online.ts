// Whether the browser believes it is online, as a jotai atom kept current by the browser's
// online/offline events while anything reads it.
import { atom, useAtomValue } from 'jotai';

const onlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine);
onlineAtom.onMount = (set) => {
  const update = () => set(navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
};

export function useOnline(): boolean {
  return useAtomValue(onlineAtom);
}
