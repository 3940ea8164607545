'use client';
/**
 * Counts the opening step a page shows as "seen" in the flow's funnel, before any of the
 * questionnaire's code loads (the renderer reports every later step and transition). Rendered
 * by questionnaire placements only, so pages without a questionnaire load none of this.
 */
import { useEffect } from 'react';

export function FunnelOpening(props: { flow: string; version: number; step: string }) {
  const { flow, version, step } = props;
  useEffect(() => {
    // Fetched after the page is up, so the beacon costs the page's first load nothing.
    void import('./funnel-beacon').then(({ reportFunnel }) =>
      reportFunnel({ flow, version, step }),
    );
  }, [flow, version, step]);
  return null;
}
