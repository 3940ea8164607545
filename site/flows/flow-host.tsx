/**
 * Server component that places a flow on a page: it loads and resolves the flow on the server
 * (the engine's loader and ajv never reach the browser) and hands the plain JSON to the
 * browser renderer, with the public captcha settings and the services' checkout links.
 */
import { env } from '@/site/env';
import { getContentSource } from '@/site/content/get-content-source';
import type { Answers } from '@/engine/client';
import { FlowIsland } from './flow-island';
import { flowRevision } from '@/site/server/flows/flow-revision';
import { loadSiteFlow } from './load-site-flow';
import { prefillProgress } from './prefill-progress';
import type { CaptchaConfig, FlowRendererProps } from './renderer-types';
import { StaticStep } from './static-step';

export interface FlowHostProps {
  flowId: string;
  /** Route name sent with the lead; by default derived from the path (`home`, `grant-service`). */
  pageName?: string;
  /** Accessible name of the form when the flow has no heading of its own. */
  label?: string;
  headingLevel?: 2 | 3;
  className?: string;
  initialAnswers?: Answers;
  suppressReadyToTalkFlag?: boolean;
  /**
   * Count the opening step as seen in the flow's funnel when the page loads: a page's
   * questionnaire does; the footer's newsletter, on every page, is counted once used.
   */
  countOpening?: boolean;
}

/** The captcha widget settings the browser may see (never the secret). */
export function publicCaptcha(): CaptchaConfig | undefined {
  if (env.CAPTCHA_PROVIDER === 'none' || !env.CAPTCHA_SITE_KEY) return undefined;
  return {
    provider: env.CAPTCHA_PROVIDER,
    siteKey: env.CAPTCHA_SITE_KEY,
    mode: env.CAPTCHA_MODE,
    ...(env.CAPTCHA_LANGUAGE ? { language: env.CAPTCHA_LANGUAGE } : {}),
    hideBadge: env.CAPTCHA_HIDE_BADGE,
  };
}

async function checkoutLinks(): Promise<Record<string, string>> {
  const source = getContentSource() as unknown as {
    services?: () => Promise<{ name: string; checkoutUrl: string | null }[]>;
  };
  if (typeof source.services !== 'function') return {};
  const services = await source.services();
  return Object.fromEntries(
    services.filter((s) => s.checkoutUrl).map((s) => [s.name, s.checkoutUrl as string]),
  );
}

export async function FlowHost(props: FlowHostProps) {
  const flow = await loadSiteFlow(props.flowId);
  const hasCheckout = flow.endings.some((e) => e.kind === 'checkout');
  const rendererProps: Omit<FlowRendererProps, 'flow'> = {
    pageName: props.pageName,
    label: props.label,
    headingLevel: props.headingLevel,
    className: props.className,
    initialAnswers: props.initialAnswers,
    suppressReadyToTalkFlag: props.suppressReadyToTalkFlag,
    captcha: publicCaptcha(),
    checkoutLinks: hasCheckout ? await checkoutLinks() : undefined,
  };
  const start = prefillProgress(flow, props.initialAnswers);
  return (
    <FlowIsland
      kind="flow"
      flowId={flow.id}
      version={flow.version}
      props={rendererProps}
      opening={
        props.countOpening ? { version: flow.version, step: start?.step ?? flow.start } : undefined
      }
    >
      <StaticStep
        flow={flow}
        start={start}
        headingLevel={props.headingLevel}
        label={props.label}
        className={props.className}
        revision={flowRevision(flow)}
      />
    </FlowIsland>
  );
}
