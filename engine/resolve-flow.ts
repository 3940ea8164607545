import { reportTo, type Report } from './check-context';
import { guessName } from './did-you-mean';
import { resolveEndingValues } from './ending-text';
import { resolveHidden } from './hidden-fields';
import { resolveComputed } from './resolve-computed';
import type { RawField, RawFlow, RawOption, RawOptions, RawStep } from './raw-flow';
import type {
  Diagnostic,
  FlowOption,
  FlowVars,
  ResolvedEnding,
  ResolvedField,
  ResolvedFlow,
  ResolvedNext,
  ResolvedStep,
} from './types';

/** Shared option lists by id, already resolved to {label, value}. */
export type OptionLists = Record<string, FlowOption[]>;

export const DEFAULT_PHONE_MASK = '(000) 000-0000';

/** The standard contact block: what every contact step asks first. */
export function contactFields(): ResolvedField[] {
  return [
    { name: 'full_name', type: 'fullName', label: 'Full name', required: true },
    { name: 'email', type: 'email', label: 'Email', required: true },
    {
      name: 'phone',
      type: 'phone',
      label: 'Phone',
      placeholder: '(555) 555-5555',
      required: true,
      mask: DEFAULT_PHONE_MASK,
    },
  ];
}

/** Replaces {brand} and {brandSlug} in every string of the data (wording and field names). */
export function substitutePlaceholders<T>(data: T, vars: FlowVars): T {
  // Most flows have no placeholder at all: one native scan beats copying the whole tree.
  if (!JSON.stringify(data).includes('{brand')) return data;
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (!value.includes('{brand')) return value;
      return value.replaceAll('{brandSlug}', vars.brandSlug).replaceAll('{brand}', vars.brandName);
    }
    if (Array.isArray(value)) return value.map(visit);
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const key in value) out[key] = visit((value as Record<string, unknown>)[key]);
      return out;
    }
    return value;
  };
  return visit(data) as T;
}

export function toOption(option: RawOption): FlowOption {
  return typeof option === 'string'
    ? { label: option, value: option }
    : { label: option.label, value: option.value ?? option.label };
}

function resolveOptions(
  options: RawOptions,
  lists: OptionLists,
  pointer: string,
  report: Report,
): FlowOption[] {
  const unknown = (id: string, at: string) => {
    const guess = guessName(id, Object.keys(lists));
    report(
      at,
      `Unknown option list "${id}"`,
      Object.keys(lists).length === 0
        ? `Create flows/options/${id}.json`
        : `${guess.hint}Create flows/options/${id}.json or use one of: ${Object.keys(lists).sort().join(', ')}`,
      {
        code: 'option-list.unknown',
        args: { list: id, known: Object.keys(lists).sort() },
        fix: guess.fix,
      },
    );
  };
  if (typeof options === 'string') {
    const list = lists[options];
    if (!list) unknown(options, pointer);
    return list ?? [];
  }
  return options.flatMap((item, i) => {
    if (typeof item === 'object' && 'list' in item) {
      const list = lists[item.list];
      if (!list) unknown(item.list, `${pointer}/${i}/list`);
      return list ?? [];
    }
    return [toOption(item)];
  });
}

function resolveNext(next: RawStep['next']): ResolvedNext {
  if (typeof next === 'string') return { branches: [], otherwise: next };
  return {
    branches: next.branches.map((b) => ({ when: b.when, to: b.to })),
    ...(next.otherwise === undefined ? {} : { otherwise: next.otherwise }),
  };
}

/**
 * Turns schema-valid authoring data, placeholders already substituted (substitutePlaceholders),
 * into a ResolvedFlow: shared lists inlined, defaults filled, `next` normalised. Unknown list
 * ids are reported, not thrown.
 */
export function resolveFlow(
  data: RawFlow,
  lists: OptionLists,
  file: string,
): { flow: ResolvedFlow; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const report = reportTo(file, diagnostics);
  const progress = data.progress ?? { mode: 'none' as const };
  const numberedByDefault = progress.mode !== 'none';

  const field = (f: RawField, pointer: string): ResolvedField => {
    const out: ResolvedField = { ...f, required: f.required ?? true } as ResolvedField;
    if (f.options !== undefined) {
      out.options = resolveOptions(f.options, lists, `${pointer}/options`, report);
    }
    if (f.type === 'phone') out.mask = f.mask ?? DEFAULT_PHONE_MASK;
    if (f.type === 'number') {
      // Amounts and counts are not negative unless the flow says so (and the phone keyboard
      // then needs no minus key).
      out.min = f.min ?? 0;
      out.format = f.format ?? (f.currency === undefined ? 'plain' : 'currency');
      if (out.format === 'currency') out.currency = f.currency ?? 'USD';
    }
    return out;
  };

  const steps: ResolvedStep[] = data.steps.map((s, i) => {
    const base = {
      id: s.id,
      question: s.question ?? '',
      ...(s.leadIn === undefined ? {} : { leadIn: s.leadIn }),
      numbered: s.numbered ?? numberedByDefault,
      next: resolveNext(s.next),
    };
    if (s.kind === 'choice') {
      return {
        ...base,
        kind: 'choice',
        multiple: s.multiple ?? false,
        required: s.required ?? true,
        options: resolveOptions(s.options ?? [], lists, `/steps/${i}/options`, report),
        ...(s.showFirst === undefined ? {} : { showFirst: s.showFirst }),
      };
    }
    const own = (s.fields ?? []).map((f, j) => field(f, `/steps/${i}/fields/${j}`));
    return {
      ...base,
      kind: s.kind,
      fields: s.kind === 'contact' ? [...contactFields(), ...own] : own,
      ...(s.submitLabel === undefined ? {} : { submitLabel: s.submitLabel }),
    };
  });

  const endings: ResolvedEnding[] = data.endings.map((e) => {
    const common = { id: e.id, submits: e.submits };
    if (e.kind === 'screen') {
      return {
        ...common,
        kind: 'screen',
        heading: e.heading ?? '',
        body: e.body ?? [],
        links: e.links ?? [],
        buttons: e.buttons ?? [],
        clearOnRouteChange: e.clearOnRouteChange ?? false,
      };
    }
    if (e.kind === 'redirect') {
      return { ...common, kind: 'redirect', path: e.path ?? '/', query: e.query ?? {} };
    }
    return { ...common, kind: 'checkout', service: e.service ?? { constant: '' } };
  });

  const flow: ResolvedFlow = {
    id: data.id,
    version: data.version,
    title: data.title,
    ...(data.pageHeading === undefined ? {} : { pageHeading: data.pageHeading }),
    ...(data.heading === undefined ? {} : { heading: data.heading }),
    ...(data.leadIn === undefined ? {} : { leadIn: data.leadIn }),
    ...(data.reassurance === undefined ? {} : { reassurance: data.reassurance }),
    progress: {
      mode: progress.mode,
      ...(progress.total === undefined ? {} : { total: progress.total }),
    },
    audience: data.audience ?? 'clients',
    pagePosition: data.pagePosition ?? 'inline',
    session: { marksContacted: data.session?.marksContacted ?? false },
    ...(data.booking === undefined
      ? {}
      : {
          booking: {
            scheduler: data.booking.scheduler ?? true,
            fallbackFlow: data.booking.fallbackFlow,
          },
        }),
    ...(data.saveProgress === undefined
      ? {}
      : {
          saveProgress: {
            consent: data.saveProgress.consent,
            ...(data.saveProgress.formKey ? { formKey: data.saveProgress.formKey } : {}),
            ...(data.saveProgress.remindAfterHours === undefined
              ? {}
              : { remindAfterHours: data.saveProgress.remindAfterHours }),
          },
        }),
    start: data.start,
    steps,
    endings,
    hidden: resolveHidden(data.hidden),
    submissions: data.submissions.map((s) => ({
      formKey: s.formKey,
      fields: s.fields.map((f) => ({ name: f.name, objectTypeId: f.objectTypeId, value: f.value })),
    })),
  };
  resolveComputed(flow, data, report);
  // After the computed values: an ending's placeholders carry the parsed values they show.
  for (const ending of flow.endings) {
    const shows = ending.kind === 'screen' ? resolveEndingValues(ending, flow) : undefined;
    if (shows && ending.kind === 'screen') ending.shows = shows;
  }
  return { flow, diagnostics };
}
