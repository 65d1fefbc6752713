import { createFileRoute } from '@tanstack/react-router';
import { SubmissionDetailPage } from '../features/dashboard/submission-detail-page.tsx';

export const Route = createFileRoute('/dashboard/_staff/submissions/$id')({
  component: SubmissionDetailRoute,
});

function SubmissionDetailRoute() {
  const { id } = Route.useParams();
  return <SubmissionDetailPage key={id} id={id} />;
}
