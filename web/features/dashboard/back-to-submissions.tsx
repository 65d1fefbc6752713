import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button-class.ts';

export function BackToSubmissions() {
  return (
    <Link to="/dashboard/submissions" className={buttonClass('ghost', '-ml-3')}>
      ← All submissions
    </Link>
  );
}
