// The registration forms practitioners can download per scheme (SPEC §2, §7, §8). The list is
// public and cached by the service worker, so the download buttons also show offline.
import { useEffect, useState } from 'react';
import type { PublicRegistrationForm } from '../../../schema/api.ts';
import { registrationFormDownload, registrationForms } from '../../../schema/endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { toast } from '../../ui/toast.tsx';

export function useRegistrationForms(): ReadonlyMap<string, PublicRegistrationForm> {
  const [forms, setForms] = useState<ReadonlyMap<string, PublicRegistrationForm>>(new Map());
  useEffect(() => {
    let live = true;
    request(registrationForms)
      .then((list) => {
        // The newest form of a scheme wins (the list is oldest first per scheme).
        if (live) setForms(new Map(list.map((d) => [d.schemeKey, d])));
      })
      .catch(() => {
        // Without the list there are simply no download buttons.
      });
    return () => {
      live = false;
    };
  }, []);
  return forms;
}

export async function downloadRegistrationForm(form: PublicRegistrationForm) {
  // Opened before the await so the browser treats it as the tap's own window (no popup block).
  const tab = window.open('', '_blank');
  try {
    const { downloadUrl } = await request(registrationFormDownload, { params: { id: form.id } });
    if (tab) {
      tab.opener = null;
      tab.location.href = downloadUrl;
    } else {
      window.location.assign(downloadUrl);
    }
    toast({ title: 'Download Started', description: `Downloading ${form.fileName}` });
  } catch {
    tab?.close();
    toast({
      title: 'Download Failed',
      description: 'Could not download the document. Please try again.',
      variant: 'destructive',
    });
  }
}
