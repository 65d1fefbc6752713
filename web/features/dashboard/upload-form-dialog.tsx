// 'Upload Registration Form' (docs/product.md#screens-and-routes, #states, #validation, #errors):
// PDF only, optional description and year,
// the chosen file's name and size; on success the dialog closes and the form resets.
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-error.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import {
  descriptionOrNull,
  formatMegabytes,
  isRegistrationFormType,
  parseYear,
  type SchemeCard,
} from './presentation.ts';
import { uploadRegistrationForm } from './staff-api.ts';

export function UploadFormDialog({
  scheme,
  onClose,
}: {
  scheme: SchemeCard | null;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [year, setYear] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const router = useRouter();

  function reset() {
    setFile(null);
    setDescription('');
    setYear('');
    if (fileInput.current) fileInput.current.value = '';
  }

  function close() {
    if (uploading) return;
    reset();
    onClose();
  }

  function pick(chosen: File | undefined) {
    if (!chosen) {
      setFile(null);
      return;
    }
    if (!isRegistrationFormType(chosen.type)) {
      toast({
        title: 'Invalid file type',
        description: 'Only PDF files are allowed',
        variant: 'destructive',
      });
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setFile(chosen);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || !scheme || uploading) return;
    setUploading(true);
    try {
      await uploadRegistrationForm({
        scheme,
        file,
        description: descriptionOrNull(description),
        year: parseYear(year),
      });
      toast({
        title: 'Upload successful',
        description: `${file.name} has been uploaded for ${scheme.label}`,
      });
      void router.invalidate();
      setUploading(false);
      reset();
      onClose();
    } catch (error) {
      console.error('Registration form upload failed', error);
      // The spec's text, and beside it why the server refused the PDF itself (decision 110)
      // or its size on this server (decision 125): trying the same file again would not help.
      const reason =
        error instanceof ApiError &&
        ['form_refused', 'form_too_large'].includes(error.body?.error.code ?? '')
          ? ` ${error.serverMessage}`
          : '';
      toast({
        title: 'Upload failed',
        description: `Failed to upload document. Please try again.${reason}`,
        variant: 'destructive',
      });
      setUploading(false);
    }
  }

  return (
    <Dialog
      isOpen={scheme !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      isDismissable={!uploading}
      title="Upload Registration Form"
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">
        For <strong className="text-slate-900 dark:text-slate-100">{scheme?.label}</strong>
      </p>
      <form onSubmit={onSubmit} className="mt-4 space-y-4">
        <div>
          <label htmlFor={fileId} className="mb-1 block text-sm font-medium">
            PDF File*
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept="application/pdf,.pdf"
            required
            disabled={uploading}
            onChange={(e) => pick(e.target.files?.[0])}
            className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 dark:file:bg-slate-800 dark:file:text-slate-100`}
          />
          {file && (
            <p className="mt-2 text-sm" aria-live="polite">
              Selected: <span className="font-medium break-all">{file.name}</span> (
              {formatMegabytes(file.size)})
            </p>
          )}
        </div>
        <Field label="Description (optional)">
          <input
            type="text"
            value={description}
            maxLength={300}
            disabled={uploading}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="2025 Registration Form"
            className={inputClass}
          />
        </Field>
        <Field label="Year (optional)">
          <input
            type="number"
            inputMode="numeric"
            min={1900}
            max={2200}
            step={1}
            value={year}
            disabled={uploading}
            onChange={(e) => setYear(e.target.value)}
            placeholder={String(new Date().getFullYear())}
            className={inputClass}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={close} isDisabled={uploading}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={!file || uploading}>
            {uploading ? 'Uploading...' : 'Upload'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
