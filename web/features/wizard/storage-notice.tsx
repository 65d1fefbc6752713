// Says plainly when what is kept on this device may not last (lib/storage-persistence.ts): the
// browser refused persistent storage, or Safari on iPhone/iPad outside the Home Screen (its
// 7-day limit), with how to add the app to the Home Screen.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import {
  iosSafariInBrowser,
  persistenceAtom,
  requestPersistence,
  thisDevice,
} from '../../lib/storage-persistence.ts';
import { Alert } from '../../ui/alert.tsx';

export function StorageNotice() {
  const persistence = useAtomValue(persistenceAtom);
  const [ios, setIos] = useState(false);

  useEffect(() => {
    // The practitioner has started an application: ask now, not only at the first file.
    void requestPersistence();
    setIos(iosSafariInBrowser(thisDevice()));
  }, []);

  if (ios) {
    return (
      <Alert tone="warning" title="Keep your application on this iPhone or iPad">
        <p>
          Safari deletes what this site keeps on your device after 7 days without a visit, unless
          the app is on your Home Screen. To add it, tap the Share button, then “Add to Home
          Screen”, and open the app from there.
        </p>
      </Alert>
    );
  }
  if (persistence === 'refused') {
    return (
      <Alert tone="info">
        <p>
          This browser did not allow us to keep your application on this device for good: if the
          device runs short of space, the browser may delete it. Installing the app on your home
          screen usually allows it. Submit when you can.
        </p>
      </Alert>
    );
  }
  return null;
}
