/**
 * The body of `POST /api/csp-reports`: the Content-Security-Policy violations a browser
 * reports, in either of the two formats browsers send, read into one shape.
 * - `report-uri` (Firefox, older browsers): `application/csp-report`, one
 *   `{"csp-report": {"document-uri", "blocked-uri", "effective-directive", …}}`;
 * - `report-to` (the Reporting API, Chromium and Safari): `application/reports+json`, a list of
 *   `{"type": "csp-violation", "age", "url", "body": {"documentURL", "blockedURL", …}}`; reports
 *   of other types are skipped.
 * Anyone can post here, so every field is checked and cut to size, and addresses lose their
 * query strings and fragments (search terms and tokens travel there) as client errors do.
 */
import { z } from 'zod';
import { scrubPersonalData } from '@/site/shell/errors/scrub-personal-data';

/** One violation, as the endpoint logs it (the Reporting API's names). */
export interface CspViolation {
  /** When it happened (ISO 8601): received now, less the report's age. */
  time: string;
  documentURL: string;
  /** A URL, or a keyword such as `inline` or `eval`. */
  blockedURL: string;
  effectiveDirective: string;
  disposition: 'enforce' | 'report';
  sourceFile?: string;
  lineNumber?: number;
  columnNumber?: number;
  /** The first characters of a blocked inline script or style (the browser cuts it to 40). */
  sample?: string;
  statusCode?: number;
}

/** The most reports one request may log: a batch past it is cut, never a flood of lines. */
export const MAX_REPORTS_PER_REQUEST = 10;

const text = (max: number) =>
  z
    .string()
    .transform((value) => scrubPersonalData(value).slice(0, max))
    .optional()
    .catch(undefined);
const count = z.number().int().min(0).max(10_000_000).optional().catch(undefined);
const directive = z
  .string()
  .regex(/^[a-z][a-z-]{1,40}$/)
  .optional()
  .catch(undefined);
const disposition = z.enum(['enforce', 'report']).optional().catch(undefined);

/** What `report-uri` sends. */
const legacyReport = z.object({
  'csp-report': z.object({
    'document-uri': text(500),
    'blocked-uri': text(500),
    'effective-directive': directive,
    'violated-directive': z.string().optional().catch(undefined),
    disposition,
    'source-file': text(500),
    'line-number': count,
    'column-number': count,
    'script-sample': text(80),
    'status-code': count,
  }),
});

/** One report of what `report-to` sends. */
const reportingApiReport = z.object({
  type: z.string(),
  age: count,
  url: text(500),
  body: z
    .object({
      documentURL: text(500),
      blockedURL: text(500),
      effectiveDirective: directive,
      disposition,
      sourceFile: text(500),
      lineNumber: count,
      columnNumber: count,
      sample: text(80),
      statusCode: count,
    })
    .optional()
    .catch(undefined),
});

/** Drops what is absent, so a logged line holds only what the browser said. */
function present(violation: CspViolation): CspViolation {
  return Object.fromEntries(
    Object.entries(violation).filter(([, value]) => value !== undefined && value !== ''),
  ) as unknown as CspViolation;
}

function fromLegacy(value: unknown, now: number): CspViolation[] | undefined {
  const parsed = legacyReport.safeParse(value);
  if (!parsed.success) return undefined;
  const report = parsed.data['csp-report'];
  // Older browsers name only the violated directive, with its sources: its name is the first word.
  const effective =
    report['effective-directive'] ??
    directive.parse(report['violated-directive']?.trim().split(/\s+/)[0]?.toLowerCase());
  if (!report['document-uri'] || !effective) return [];
  return [
    present({
      time: new Date(now).toISOString(),
      documentURL: report['document-uri'],
      blockedURL: report['blocked-uri'] ?? '',
      effectiveDirective: effective,
      disposition: report.disposition ?? 'enforce',
      sourceFile: report['source-file'],
      lineNumber: report['line-number'],
      columnNumber: report['column-number'],
      sample: report['script-sample'],
      statusCode: report['status-code'],
    }),
  ];
}

function fromReportingApi(value: unknown, now: number): CspViolation[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const violations: CspViolation[] = [];
  for (const item of value) {
    const parsed = reportingApiReport.safeParse(item);
    if (!parsed.success || parsed.data.type !== 'csp-violation') continue;
    const { age, url, body } = parsed.data;
    const documentURL = body?.documentURL ?? url;
    if (!body?.effectiveDirective || !documentURL) continue;
    violations.push(
      present({
        time: new Date(now - (age ?? 0)).toISOString(),
        documentURL,
        blockedURL: body.blockedURL ?? '',
        effectiveDirective: body.effectiveDirective,
        disposition: body.disposition ?? 'enforce',
        sourceFile: body.sourceFile,
        lineNumber: body.lineNumber,
        columnNumber: body.columnNumber,
        sample: body.sample,
        statusCode: body.statusCode,
      }),
    );
  }
  return violations;
}

export type ParsedCspReports =
  { ok: true; violations: CspViolation[] } | { ok: false; message: string };

/**
 * The violations in a body, at most MAX_REPORTS_PER_REQUEST of them; a body that is neither
 * format is refused. `now` is when the report arrived (ms).
 */
export function parseCspReports(body: string, now = Date.now()): ParsedCspReports {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, message: 'The body is not valid JSON' };
  }
  const violations = fromReportingApi(value, now) ?? fromLegacy(value, now);
  if (violations === undefined) {
    return {
      ok: false,
      message: 'The body must be a {"csp-report": {…}} object or a list of reports',
    };
  }
  return { ok: true, violations: violations.slice(0, MAX_REPORTS_PER_REQUEST) };
}
