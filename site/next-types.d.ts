// Next's ambient types (image imports, process.env.NODE_ENV), committed so that
// `npm run typecheck` sees the same types on a fresh clone, before any build has
// generated next-env.d.ts.
/// <reference types="next" />
/// <reference types="next/image-types/global" />
