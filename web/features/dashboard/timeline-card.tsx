// The submission's status events, oldest first, in the shared timeline.

import { timelineState, timelineTitle } from '../../../schema/rules.ts';
import type { StaffSubmissionDetail } from '../../../schema/staff-review-api.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Timeline } from '../../ui/timeline.tsx';

export function TimelineCard({ data }: { data: StaffSubmissionDetail }) {
  // The API sends events oldest first, in insertion order within one millisecond.
  const items = data.statusEvents.map((event) => ({
    id: event.id,
    title: timelineTitle(event.eventType),
    description: event.description,
    at: event.createdAt,
    state: timelineState(event.eventType),
  }));
  return (
    <Card aria-labelledby="timeline-title">
      <CardTitle id="timeline-title">Timeline</CardTitle>
      <div className="mt-3">
        <Timeline items={items} label="Timeline" emptyText="No events yet." />
      </div>
    </Card>
  );
}
