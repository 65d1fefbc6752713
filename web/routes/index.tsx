import { createFileRoute } from '@tanstack/react-router';
import { WizardPage } from '../features/wizard/wizard-page.tsx';

export const Route = createFileRoute('/')({ component: WizardPage });
