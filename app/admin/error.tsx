'use client';

// The back office's error page, inside the root layout (the public pages have theirs in app/(site)).
export { default } from '@/site/shell/errors/error-page';
