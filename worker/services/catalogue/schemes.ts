// The live catalogue (services/catalogue/catalogue.ts) as docs/product.md#entities's "medical aid scheme
// list entry", for API clients. Self-administered schemes have an empty administered list (their card has nothing
// to expand; the administrator key is the scheme key).

import type { Catalogue } from '../../../schema/catalogue.ts';
import type { SchemeListEntry } from '../../../schema/registration-form-api.ts';

export function schemeList(catalogue: Catalogue): SchemeListEntry[] {
  return catalogue.map((administrator) => ({
    parentKey: administrator.key,
    parentLabel: administrator.label,
    administered: administrator.administered.map(({ key, label }) => ({ key, label })),
  }));
}
