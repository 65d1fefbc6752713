// The registration forms practitioners can download per scheme (docs/product.md#screens-and-routes,
// #api, #errors). The list is
// public and cached by the service worker, so the download buttons also show offline.
import { useLoaderData } from '@tanstack/react-router';
import { registrationFormDownload, registrationForms } from '../../../schema/public-endpoints.ts';
import type { PublicRegistrationForm } from '../../../schema/registration-form-api.ts';
import { request } from '../../lib/api-client.ts';
import { useArriving } from '../../lib/use-arriving.ts';
import { toast } from '../../ui/toast.tsx';

export type FormsByScheme = ReadonlyMap<string, PublicRegistrationForm>;
const NONE: FormsByScheme = new Map();

/** The / route's loader: not awaited, so the wizard paints before the list arrives. */
export function loadRegistrationForms(): { forms: Promise<FormsByScheme | null> } {
  const forms = request(registrationForms)
    // The newest form of a scheme wins (the list is oldest first per scheme).
    .then((list): FormsByScheme => new Map(list.map((d) => [d.schemeKey, d])))
    // Without the list there are simply no download buttons.
    .catch(() => null);
  return { forms };
}

const NO_FORMS: Promise<FormsByScheme | null> = Promise.resolve(null);

/** The forms from the loader of the route showing them (the wizard's /, /practice/new). */
export function useRegistrationForms(): FormsByScheme {
  const arriving = useLoaderData({
    strict: false,
    // Another route's loader may have a 'forms' of its own: only the list's promise counts.
    select: (data) => {
      const value = (data as { forms?: unknown } | undefined)?.forms;
      return value instanceof Promise ? (value as Promise<FormsByScheme | null>) : undefined;
    },
  });
  return useArriving(arriving ?? NO_FORMS, NONE);
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
