/**
 * What the studio says of a text that resolves to the live flow (the engine's `sameContent` of
 * the two resolved flows, so spacing, key order and an option list written out make no
 * difference): the publish dialog disables its button with it, and the server refuses such a
 * publish with it (publish-refusal.ts).
 */
export const nothingToPublish = (version: number) =>
  `Nothing changed since version ${version}: there is nothing to publish`;
