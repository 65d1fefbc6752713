// Loader data that must not hold the first paint arrives as a promise: the page shows `known`
// at once and the value when it comes (docs/decisions/013-server-state.md).
import { useEffect, useState } from 'react';

export function useArriving<T>(arriving: Promise<T | null>, known: T): T {
  const [value, setValue] = useState<{ from: Promise<T | null>; value: T } | null>(null);
  useEffect(() => {
    let current = true;
    void arriving.then((answer) => {
      if (current && answer !== null) setValue({ from: arriving, value: answer });
    });
    return () => {
      current = false;
    };
  }, [arriving]);
  // A newer load replaces the promise: until it answers, show what is known.
  return value && value.from === arriving ? value.value : known;
}
