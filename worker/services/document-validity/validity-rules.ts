// The validity rules staff keep per document section (issue 38, decision 118), in the
// catalogue's manner: seeded on first read from schema/document-validity.ts, each change written
// with its audit entry in one batch, the latest changes shown beside the rules. A changed rule
// re-dates every current document of its section in the same batch, so the desk, the reminder
// run and /track never disagree with the rule.
import { and, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  auditLogs,
  documents,
  documentValidityRules,
  documentValiditySettings,
  staffUsers,
} from '../../../schema/db.ts';
import {
  addDays,
  DEFAULT_REMINDER_LEAD_DAYS,
  describeRule,
  goodUntil,
  VALIDITY_RULE_SEED,
  type ValidityRule,
  validityDay,
} from '../../../schema/document-validity.ts';
import type {
  PublicValidityRule,
  StaffValidityView,
  ValidityRuleUpdate,
  ValiditySettings,
} from '../../../schema/document-validity-api.ts';
import { findAnySection } from '../../../schema/sections.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { auditInsert } from '../security-log/audit-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import {
  CATCH_UP_DAYS,
  currentDated,
  nextReminderDaySql,
  refreshNextReminderDay,
} from './next-reminder-day.ts';

/** The audit entity types of validity changes: a rule (by section key) and the settings. */
const VALIDITY_ENTITIES = ['document_validity_rule', 'document_validity_settings'] as const;
const CHANGES_SHOWN = 100;

/** Writes the starting rules and settings once; concurrent first reads insert the same rows. */
async function ensureSeeded(db: Database, now: Date): Promise<void> {
  await db.batch([
    db
      .insert(documentValidityRules)
      .values(VALIDITY_RULE_SEED.map((r) => ({ ...r, createdAt: now, updatedAt: now })))
      .onConflictDoNothing(),
    db
      .insert(documentValiditySettings)
      .values({
        id: 1,
        reminderLeadDays: [...DEFAULT_REMINDER_LEAD_DAYS],
        updatedAt: now,
      })
      .onConflictDoNothing(),
  ]);
}

async function ruleRows(db: Database, now: Date) {
  const read = () =>
    db.batch([
      db.select().from(documentValidityRules),
      db.select().from(documentValiditySettings).where(eq(documentValiditySettings.id, 1)),
    ]);
  const first = await read();
  if (first[0].length > 0 && first[1].length > 0) return first;
  await ensureSeeded(db, now);
  return read();
}

/** Each section's rule, by section key, as the upload, the reminder run and the desk use it. */
export async function validityRules(db: Database, now: Date): Promise<Map<string, ValidityRule>> {
  const [rules] = await ruleRows(db, now);
  return new Map(rules.map((r) => [r.sectionKey, r.rule]));
}

/** Each section's rule without its source, by section key: the upload forms' date labels. */
export async function publicValidityRules(db: Database, now: Date): Promise<PublicValidityRule[]> {
  const [rules] = await ruleRows(db, now);
  return rules
    .map((r) => ({ sectionKey: r.sectionKey, rule: r.rule }))
    .sort((a, b) => (a.sectionKey < b.sectionKey ? -1 : 1));
}

export async function validitySettingsNow(db: Database, now: Date): Promise<ValiditySettings> {
  const [, [settings]] = await ruleRows(db, now);
  return { reminderLeadDays: settings?.reminderLeadDays ?? [...DEFAULT_REMINDER_LEAD_DAYS] };
}

/** The good-until of a document of this section dated so; null without a rule or a date. */
export function goodUntilUnder(
  rules: ReadonlyMap<string, ValidityRule>,
  sectionKey: string,
  validityDate: string | null | undefined,
): string | null {
  const rule = rules.get(sectionKey);
  return rule && validityDate ? goodUntil(rule, validityDate) : null;
}

export async function staffValidityView(db: Database, now: Date): Promise<StaffValidityView> {
  const [rules, [settings]] = await ruleRows(db, now);
  const [staff, changes] = await Promise.all([
    db.select({ id: staffUsers.id, email: staffUsers.email }).from(staffUsers),
    db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.entityType, [...VALIDITY_ENTITIES]))
      .orderBy(desc(auditLogs.createdAt))
      .limit(CHANGES_SHOWN),
  ]);
  const emailOf = new Map(staff.map((s) => [s.id, s.email]));
  return {
    rules: rules
      .map((r) => ({
        sectionKey: r.sectionKey,
        sectionLabel: findAnySection(r.sectionKey)?.label ?? r.sectionKey,
        rule: r.rule,
        description: describeRule(r.rule),
        source: r.source,
        updatedBy: r.updatedBy ? (emailOf.get(r.updatedBy) ?? null) : null,
        updatedAt: r.updatedAt.toISOString(),
      }))
      .sort((a, b) => a.sectionLabel.localeCompare(b.sectionLabel)),
    settings: { reminderLeadDays: settings?.reminderLeadDays ?? [...DEFAULT_REMINDER_LEAD_DAYS] },
    changes: changes.map((c) => ({
      id: c.id,
      actor: c.actor,
      action: c.action,
      entityId: c.entityId,
      details: c.details,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

/**
 * The updates that re-date every current document of the section under the rule, one per
 * distinct date given (far fewer than documents), and how many documents they touch.
 */
async function redating(db: Database, sectionKey: string, rule: ValidityRule, today: string) {
  const current = and(
    eq(documents.sectionKey, sectionKey),
    isNotNull(documents.validityDate),
    isNull(documents.supersededAt),
  );
  const dated = await db
    .select({ validityDate: documents.validityDate })
    .from(documents)
    .where(current);
  const dates = [...new Set(dated.map((d) => d.validityDate as string))];
  const updates = dates.map((date) => {
    const until = goodUntil(rule, date);
    return db
      .update(documents)
      .set({ goodUntil: until, nextReminderDay: nextReminderDaySql(today, sql`${until}`) })
      .where(and(current, eq(documents.validityDate, date)));
  });
  return { updates, redated: dated.length };
}

/** Sets a known section's rule; 400 for a section the forms do not have. */
export async function changeValidityRule(
  deps: Deps,
  staff: StaffIdentity,
  sectionKey: string,
  input: ValidityRuleUpdate,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  if (!findAnySection(sectionKey)) {
    throw new ApiError(404, 'not_found', 'There is no document section with this key.');
  }
  const [before] = await ruleRows(db, now).then(([rules]) =>
    rules.filter((r) => r.sectionKey === sectionKey),
  );
  if (
    before &&
    JSON.stringify(before.rule) === JSON.stringify(input.rule) &&
    before.source === input.source
  ) {
    return;
  }
  const { updates, redated } = await redating(db, sectionKey, input.rule, validityDay(now));
  const write: BatchItem<'sqlite'>[] = [
    db
      .insert(documentValidityRules)
      .values({ sectionKey, ...input, updatedBy: staff.id, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: documentValidityRules.sectionKey,
        set: { rule: input.rule, source: input.source, updatedBy: staff.id, updatedAt: now },
      }),
    ...updates,
    auditInsert(
      db,
      {
        staff,
        action: 'validity_rule_changed',
        entityType: 'document_validity_rule',
        entityId: sectionKey,
        details: {
          from: before ? describeRule(before.rule) : null,
          to: describeRule(input.rule),
          source: input.source,
          documentsRedated: redated,
        },
      },
      now,
    ),
  ];
  await db.batch(write as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
}

export async function changeValiditySettings(
  deps: Deps,
  staff: StaffIdentity,
  input: ValiditySettings,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  const before = await validitySettingsNow(db, now);
  const after = { reminderLeadDays: [...new Set(input.reminderLeadDays)].sort((a, b) => b - a) };
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  await db.batch([
    db
      .update(documentValiditySettings)
      .set({ ...after, updatedBy: staff.id, updatedAt: now })
      .where(eq(documentValiditySettings.id, 1)),
    // Every open document's next reminder day under the new days (after the row above). Those
    // long past their good-until have none under any days and are left as they are.
    refreshNextReminderDay(
      db,
      and(
        currentDated,
        or(
          gte(documents.goodUntil, addDays(validityDay(now), -CATCH_UP_DAYS)),
          isNotNull(documents.nextReminderDay),
        ),
      ),
      validityDay(now),
    ),
    auditInsert(
      db,
      {
        staff,
        action: 'validity_settings_changed',
        entityType: 'document_validity_settings',
        entityId: 'settings',
        details: { from: before, to: after },
      },
      now,
    ),
  ]);
}
