-- The reminder run reads only the documents whose next reminder day has come, the desk's
-- Expiring view walks the current documents by good-until in index order, and re-attestation's
-- reads walk the last confirmation (decision 129).
-- Edited after drizzle-kit generate: the two indexes of practitioner_profiles are written here
-- (drizzle-kit splits an expression index); and the documents stored before it get their next
-- reminder day here, with the expression the service writes it with (nextReminderDaySql in
-- worker/services/document-validity/next-reminder-day.ts, on the South African day of the
-- migration); those past their good-until by more than the catch-up days keep none.
DROP INDEX `documents_good_until_idx`;--> statement-breakpoint
ALTER TABLE `documents` ADD `next_reminder_day` text;--> statement-breakpoint
CREATE INDEX `documents_current_good_until_idx` ON `documents` (`good_until`,`id`) WHERE superseded_at is null and good_until is not null;--> statement-breakpoint
CREATE INDEX `documents_next_reminder_idx` ON `documents` (`next_reminder_day`,`id`) WHERE next_reminder_day is not null;--> statement-breakpoint
CREATE INDEX `practitioner_profiles_confirmed_idx` ON `practitioner_profiles` (coalesce(attested_at, updated_at));--> statement-breakpoint
CREATE INDEX `practitioner_profiles_unasked_idx` ON `practitioner_profiles` (coalesce(attested_at, updated_at))
  WHERE attestation_asked_at is null or attestation_asked_at < coalesce(attested_at, updated_at);--> statement-breakpoint
UPDATE `documents` SET `next_reminder_day` = (case
      when documents.good_until is null or documents.good_until < date(date('now', '+2 hours'), '-14 days')
        or documents.superseded_at is not null or documents.status = 'rejected'
        or exists (select 1 from submissions s
          where s.id = documents.submission_id and s.status = 'rejected')
        then null
      else coalesce(
        (select k.day from (
            select date(documents.good_until, '-' || j.days || ' days') as day,
              case j.days when 0 then 'on_the_day' else 'before_' || j.days end as step
            from (select value as days from json_each(coalesce((select reminder_lead_days from document_validity_settings where id = 1), '[30,7]')) union all select 0) j where date(documents.good_until, '-' || j.days || ' days') <= date('now', '+2 hours') order by 1 desc limit 1) k
          where k.day >= date(documents.uploaded_at / 1000 + 7200, 'unixepoch')
            and not exists (select 1 from document_reminders r where r.document_id = documents.id
              and r.good_until = documents.good_until and r.step = k.step)),
        (select min(date(documents.good_until, '-' || j.days || ' days')) from (select value as days from json_each(coalesce((select reminder_lead_days from document_validity_settings where id = 1), '[30,7]')) union all select 0) j where date(documents.good_until, '-' || j.days || ' days') > date('now', '+2 hours')))
    end)
WHERE good_until IS NOT NULL AND superseded_at IS NULL
  AND good_until >= date('now', '+2 hours', '-14 days');
