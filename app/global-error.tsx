'use client';

export { default } from '@/site/shell/errors/global-error-page';
