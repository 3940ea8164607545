import toast from 'react-hot-toast';

/** Shows an error toast (red, white text). Client-side only. */
export function notifyError(message: string) {
  return toast.error(message);
}

/** Shows a success toast (green). Client-side only. */
export function notifySuccess(message: string) {
  return toast.success(message);
}
