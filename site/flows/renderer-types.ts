import type { Answers, ResolvedFlow } from '@/engine/client';

/** How a reCAPTCHA token is obtained (Turnstile has one mode). */
export type CaptchaMode = 'v2' | 'invisible' | 'enterprise';

/** The captcha widget the submitting step shows; absent when none is configured. */
export interface CaptchaConfig {
  provider: 'recaptcha' | 'turnstile';
  siteKey: string;
  /**
   * `v2` (default): the visitor ticks a checkbox before sending. `invisible` (reCAPTCHA v2
   * invisible) and `enterprise` (reCAPTCHA Enterprise) ask for the token when the form is sent.
   */
  mode?: CaptchaMode;
  /** Language of the widget's texts (`hl` for reCAPTCHA, `language` for Turnstile). */
  language?: string;
  /** Hide the invisible badge; the attribution Google then requires is shown in its place. */
  hideBadge?: boolean;
}

/** Everything the browser renderer needs; all plain JSON so a server component can pass it. */
export interface FlowRendererProps {
  flow: ResolvedFlow;
  /** Route name sent with the lead (`page.name`); by default derived from the path. */
  pageName?: string;
  /** Accessible name of the form when the flow shows no heading of its own. */
  label?: string;
  /** Level of the flow's top heading (the page's h1 is above it). */
  headingLevel?: 2 | 3;
  captcha?: CaptchaConfig;
  /** Service name → checkout link (Stripe Payment Link); a service without one is e-mailed. */
  checkoutLinks?: Record<string, string>;
  /** Answers known before the flow starts; leading steps they fully answer are skipped. */
  initialAnswers?: Answers;
  /** Keeps the `ready-to-talk-submitted` session flag untouched (flows.md §4). */
  suppressReadyToTalkFlag?: boolean;
  /** Called once an ending is reached (after a successful submission when it submits). */
  onEnding?: (ending: string, answers: Answers) => void;
  /** Called with the answers whenever they change (the studio's preview shows computed values). */
  onAnswers?: (answers: Answers) => void;
  /** Remember progress in session storage and follow the browser's Back button. */
  resumable?: boolean;
  className?: string;
  /**
   * What the visitor typed or ticked in the server-rendered first step before the renderer
   * loaded (field name → value); it prefills that step so nothing typed is lost.
   */
  draft?: Record<string, unknown>;
}
