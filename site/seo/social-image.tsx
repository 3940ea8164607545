/**
 * The `/social/{template}.png` route: each template's 1200x630 social image, drawn with
 * next/og at build time (the route is static and lists every template). Only next/og's own
 * bundled font is used: the build machine and the server have no access to remote fonts.
 */
import { ImageResponse } from 'next/og';
import { siteConfig } from '@/site/config/site-config';
import {
  SOCIAL_IMAGE_SIZE,
  claimsLine,
  socialTemplateIds,
  socialTemplates,
  type SocialTemplateId,
} from './social-templates';

const NAVY = '#0b2545';

export function renderSocialImage(template: SocialTemplateId): ImageResponse {
  const { label, headline, accent } = socialTemplates[template];
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '72px 80px',
        background: NAVY,
        color: '#ffffff',
        position: 'relative',
      }}
    >
      {/* Decorative: a large ring in the template's colour, so feeds tell templates apart. */}
      <div
        style={{
          position: 'absolute',
          right: -160,
          top: -160,
          width: 560,
          height: 560,
          borderRadius: 280,
          border: `64px solid ${accent}`,
          opacity: 0.35,
          display: 'flex',
        }}
      />
      <div style={{ display: 'flex', alignItems: 'center', gap: 24 }}>
        <svg width="72" height="72" viewBox="0 0 64 64">
          <rect width="64" height="64" rx="12" fill="#ffffff" />
          <path d="M16 46V18h6v11h20V18h6v28h-6V35H22v11z" fill={NAVY} />
        </svg>
        <div style={{ display: 'flex', fontSize: 40, letterSpacing: 1 }}>
          {siteConfig.brandName}
        </div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', maxWidth: 900 }}>
        <div
          style={{
            display: 'flex',
            fontSize: 30,
            color: accent,
            textTransform: 'uppercase',
            letterSpacing: 3,
            marginBottom: 20,
          }}
        >
          {label}
        </div>
        <div style={{ display: 'flex', fontSize: 68, lineHeight: 1.12 }}>{headline}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ display: 'flex', width: 160, height: 8, background: accent }} />
        <div style={{ display: 'flex', fontSize: 28, marginTop: 24, color: '#d5dbe6' }}>
          {claimsLine}
        </div>
      </div>
    </div>,
    {
      ...SOCIAL_IMAGE_SIZE,
      headers: { 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' },
    },
  );
}

type Params = { image: string };

/** Every template's file name; any other name answers 404 (the route sets dynamicParams false). */
export function generateSocialImageParams(): Params[] {
  return socialTemplateIds.map((template) => ({ image: `${template}.png` }));
}

export async function GET(_request: Request, { params }: { params: Promise<Params> }) {
  const { image } = await params;
  const template = image.replace(/\.png$/, '');
  if (!(template in socialTemplates)) return new Response('Not found', { status: 404 });
  return renderSocialImage(template as SocialTemplateId);
}
