import { toast } from 'react-hot-toast';

// One id for every message from the HTTP clients: a new one replaces the one showing,
// so they appear one at a time (site-spec §8).
const TOAST_ID = 'http-message';

export function toastError(message: string): void {
  toast.error(message, { id: TOAST_ID });
}

export function toastSuccess(message: string): void {
  toast.success(message, { id: TOAST_ID });
}
