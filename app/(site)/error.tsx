'use client';

export { default } from '@/site/shell/errors/error-page';
