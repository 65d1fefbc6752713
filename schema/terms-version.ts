// The version of the terms a consent refers to. Kept apart from terms.ts so the wizard can
// record it without downloading the whole terms text.
export const TERMS_VERSION = '1.0.0' as const;
