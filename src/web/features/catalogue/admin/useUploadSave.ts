// Saving a catalogue modal with files: the upload's progress while it is sent, then 'Successfully
// Submitted!' and the modal closed; or the refusal as a toast and at the fields it names (formFailure).
import { useState } from 'react';
import { notice } from '../../../../contract/messages.js';
import { useToast } from '../../../ui/toast.js';
import { formFailure } from './formFailure.js';

type Progress = (fraction: number) => void;

/** `save(call, fields)`: `call` gets the progress callback; `fields` show a refusal at its field. */
export function useUploadSave(onClose: () => void) {
  const toast = useToast();
  const [progress, setProgress] = useState<number | null>(null);
  const save = async (
    call: (onProgress: Progress) => Promise<unknown>,
    fields: Record<string, (message: string) => void>,
  ) => {
    setProgress(0);
    try {
      await call(setProgress);
    } catch (error) {
      formFailure(error, toast, fields);
      return;
    } finally {
      setProgress(null);
    }
    toast.success(notice.submitted);
    onClose();
  };
  return { progress, save };
}
