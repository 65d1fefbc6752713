// Where each problem of the practitioner's part is shown: the API's field paths
// ('practitioner.firstName', 'hpcsaNumber', 'section.certified_id', …) to the ids of the
// controls on the invitation page, so the problem list links to them.
export function fieldId(path: string): string {
  if (path.startsWith('section.')) return `section-${path.slice('section.'.length)}`;
  return `join-${path.replace(/\./g, '-')}`;
}

const TARGETS: Record<string, string> = {
  popiaConsent: 'join-consent',
  consent: 'join-consent',
  selectedSchemes: 'join-schemes',
};

/** The id a problem's link lands on, if it has one on the page. */
export function problemTarget(path: string): string | undefined {
  if (TARGETS[path]) return TARGETS[path];
  if (path.startsWith('practitioner.') || path === 'hpcsaNumber' || path.startsWith('section.'))
    return fieldId(path);
  return undefined;
}
