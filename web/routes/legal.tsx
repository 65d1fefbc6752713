import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/legal-page.tsx';

export const Route = createFileRoute('/legal')({ component: LegalPage });
