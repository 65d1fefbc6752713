import { createFileRoute } from '@tanstack/react-router';
import { LookupPage } from '../../features/lookup/lookup-page.tsx';

export const Route = createFileRoute('/track/lookup')({ component: LookupPage });
