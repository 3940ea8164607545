import toast from 'react-hot-toast';
import { requestToaster } from './toast-gate';

/** Shows an error toast (red, white text). Client-side only. */
export function notifyError(message: string) {
  requestToaster();
  return toast.error(message);
}

/** Shows a success toast (green). Client-side only. */
export function notifySuccess(message: string) {
  requestToaster();
  return toast.success(message);
}
