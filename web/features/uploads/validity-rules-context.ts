// The validity rules the upload forms label their date with (issue 38): as staff keep them now,
// from the answer the page already has (the tracking view on /track, the catalogue in the
// wizard), or the rules the bureau started with while neither has arrived (first load offline).
import { createContext, useContext } from 'react';
import { VALIDITY_RULE_SEED, type ValidityRule } from '../../../schema/document-validity.ts';
import type { PublicValidityRule } from '../../../schema/document-validity-api.ts';
import { useCatalogue } from '../schemes/catalogue.ts';

/** Provided by a page whose own answer carries the rules (/track's tracking view). */
export const ValidityRulesContext = createContext<readonly PublicValidityRule[] | undefined>(
  undefined,
);

/** The rule of a section from the rules given, else the seed's; undefined: no date asked. */
export function ruleOf(
  sectionKey: string,
  rules: readonly PublicValidityRule[] | undefined,
): ValidityRule | undefined {
  const kept = rules && rules.length > 0 ? rules : VALIDITY_RULE_SEED;
  return kept.find((r) => r.sectionKey === sectionKey)?.rule;
}

export function useValidityRule(sectionKey: string): ValidityRule | undefined {
  const provided = useContext(ValidityRulesContext);
  const catalogue = useCatalogue();
  const fromCatalogue = catalogue.state === 'ready' ? catalogue.catalogue.validityRules : undefined;
  return ruleOf(sectionKey, provided ?? fromCatalogue);
}
