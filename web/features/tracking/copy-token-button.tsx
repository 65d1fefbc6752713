import { Button } from '../../ui/button.tsx';
import { CopyIcon } from '../../ui/icons.tsx';
import { toast } from '../../ui/toast.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';

export function CopyTokenButton({ token }: { token: string }) {
  return (
    <Tooltip content="Copy tracking token">
      {(describedBy) => (
        <Button
          variant="secondary"
          className="px-0"
          aria-label="Copy tracking token"
          {...describedBy}
          onPress={() => {
            navigator.clipboard.writeText(token).then(
              () => toast({ title: 'Copied', description: 'Tracking token copied.' }),
              () =>
                toast({
                  title: 'Could not copy',
                  description: 'Select the token and copy it instead.',
                  variant: 'destructive',
                }),
            );
          }}
        >
          <CopyIcon />
        </Button>
      )}
    </Tooltip>
  );
}
