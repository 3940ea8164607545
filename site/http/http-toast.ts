import { toast } from 'react-hot-toast';
import { requestToaster } from '@/site/shell/toasts/toast-gate';

// One id for every message from the HTTP clients: a new one replaces the one showing,
// so they appear one at a time (site-spec §8).
const TOAST_ID = 'http-message';

export function toastError(message: string): void {
  requestToaster();
  toast.error(message, { id: TOAST_ID });
}

export function toastSuccess(message: string): void {
  requestToaster();
  toast.success(message, { id: TOAST_ID });
}
