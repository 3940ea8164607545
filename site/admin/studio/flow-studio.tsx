'use client';
/**
 * The flow studio: the flow's JSON in the editor, the engine's checks run on every change (in the
 * browser, the same checks as `npm run flows -- check`), and beside it the graph, the paths with
 * what HubSpot receives on each, and a preview in the visitors' own renderer. The panels show the
 * last text that loaded, marked as such while the text has errors. The draft is saved on the
 * server a moment after typing stops (and with Save), so a reload or another device finds it;
 * publishing opens a dialog with what changes for visitors and for HubSpot, and needs a note.
 * Against the published version the page also warns, with a quick fix, of each plain option whose
 * new text sends HubSpot a new value (value-changes.ts); a text that is the published flow cannot
 * be published, and one whose form key stops sending `email` needs a ticked confirmation: the
 * server refuses both as well (publish-refusal.ts), against the version it holds.
 *
 * HubSpot's own forms, as the site last read them (the page hands their definitions over, never
 * the token), check the flow that loaded as well (hubspot-checks.ts): what HubSpot would refuse is
 * a warning marked as HubSpot's, publishing it needs its own confirmation (the server asks for it
 * too), the HubSpot panel beside the paths shows each form's fields and who sends them, and the
 * editor completes a submission field's name with its form's fields. Without a HubSpot connection
 * one quiet line under the problems says why the check is off.
 *
 * Several members of staff can have a flow open: the page says who else does (`presence`, given by
 * the page: studio-presence.tsx), and a save, publish or discard from a text someone else changed
 * since is refused and shown with their change, to merge, overwrite or take (use-flow-draft.ts,
 * conflict-panel.tsx).
 *
 * Everything a pointer does here, a keyboard does too: Tab leaves the editor, the problems list
 * moves the editor to each problem and applies its quick fix, the tabs follow the arrow keys.
 */
import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  coveringPaths,
  isErrorDiagnostic,
  plainWords,
  sameContent,
  type Diagnostic,
  type FlowVars,
  type HubSpotForms,
  type LinkHosts,
  type ResolvedFlow,
} from '@/engine/client';
import { formatUtcMinute } from '@/site/format/format-date';
import type { Funnel } from '@/site/server/funnel/funnel-report';
import flowSchema from '@/schemas/flow.schema.json';
import { plural } from '../flows/flow-words';
import { changeSummary } from './change-summary';
import { checkFlowText, quickFixes } from './check-flow-text';
import { ConflictPanel } from './conflict-panel';
import type { FlowEditorHandle } from './flow-editor';
import { hubspotWarnings } from './hubspot-checks';
import { applyEdit, ProblemsList } from './problems-list';
import { PublishForm } from './publish-form';
import { useFlowDraft, type Published } from './use-flow-draft';
import { valueChangeDiagnostics } from './value-changes';
import { LazyFlowEditor } from './studio-fields';
import { LazyVisualEditor } from './visual-editor-lazy';
import { StudioGraph } from './studio-graph';
import { StudioSearch } from './studio-search';
import type { StudioHubSpotData } from './studio-hubspot';
import { LazyStudioHubSpot, LazyStudioPaths, LazyStudioPreview } from './studio-panels-lazy';
import styles from './studio-pages.module.css';

export interface FlowStudioProps {
  flowId: string;
  published?: { source: string; version: number };
  /** `revision` and `baseVersion`: what every save and publish names as its base. */
  draft?: {
    source: string;
    savedAt: number;
    author: string;
    revision: number;
    baseVersion: number;
  };
  optionLists: Record<string, unknown>;
  vars: FlowVars;
  /**
   * The hosts endings may send visitors to: a link elsewhere is a warning under the editor, or
   * an error when the deployment enforces its list (the server refuses to publish it then).
   */
  linkHosts?: LinkHosts;
  csrf: string;
  /** The live version's funnel: its counts can be drawn on the graph. */
  funnel?: Funnel;
  /** Who else has the flow open (studio-presence.tsx), under the live version's line. */
  presence?: ReactNode;
  /** HubSpot's connection and form definitions; absent, the studio knows nothing of HubSpot. */
  hubspot?: StudioHubSpotData;
}

const NO_FORMS: HubSpotForms = {};

const tabs = [
  { id: 'graph', label: 'Graph' },
  { id: 'paths', label: 'Paths and HubSpot' },
  { id: 'preview', label: 'Preview' },
] as const;
type Tab = (typeof tabs)[number]['id'];

export function FlowStudio(props: FlowStudioProps) {
  const { flowId, optionLists, vars, linkHosts, csrf } = props;
  const base = `/admin/flows/${encodeURIComponent(flowId)}`;
  const [tab, setTab] = useState<Tab>('graph');
  // The visual editor or the JSON editor: both edit `text`; the JSON editor stays mounted (hidden)
  // because its history is the undo history of both.
  const [view, setView] = useState<'visual' | 'json'>('json');
  const [showFunnel, setShowFunnel] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [note, setNote] = useState('');
  const [publishing, setPublishing] = useState(false);
  const [publishError, setPublishError] = useState<string | null>(null);
  const [lastPublish, setLastPublish] = useState<Published | null>(null);
  const editor = useRef<FlowEditorHandle | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const draft = useFlowDraft({
    url: base,
    csrf,
    published: props.published,
    draft: props.draft,
    onPublished(answer) {
      setLastPublish(answer);
      setNote('');
      closePublish();
    },
    onReviewPublish: () => openPublish(),
  });
  const { text, setText, published, save, dirty, conflict } = draft;

  const checked = useMemo(
    () => checkFlowText({ flowId, text, optionLists, vars, linkHosts }),
    [flowId, text, optionLists, vars, linkHosts],
  );
  const errors = checked.diagnostics.filter(isErrorDiagnostic);
  const loads = checked.flow !== undefined && errors.length === 0;

  // The panels keep the last flow that loaded while the text is being fixed. Derived rather than
  // read from the state, so the render React repeats after the update finds the memos below done.
  const [lastLoaded, setLastLoaded] = useState<ResolvedFlow | undefined>(checked.flow);
  if (loads && checked.flow !== lastLoaded) setLastLoaded(checked.flow);
  const shown = loads ? checked.flow : lastLoaded;
  const stale = !loads && shown !== undefined;
  // Its covering paths, found once for the HubSpot check, the HubSpot panel and the paths list
  // while the paths are shown; the HubSpot check finds its own otherwise, and only for a flow
  // that sends to a form the site holds.
  const paths = useMemo(
    () => (shown && tab === 'paths' ? coveringPaths(shown) : undefined),
    [shown, tab],
  );

  // The definitions the page was given, then those a refresh or an addition in the panel answers.
  const [hubspotForms, setHubSpotForms] = useState(props.hubspot?.forms ?? NO_FORMS);
  // Placed in the text only while it is the text of the flow checked.
  const hubspotPlaced = useMemo(
    () => (loads && shown ? hubspotWarnings(flowId, text, shown, hubspotForms, paths) : []),
    [loads, flowId, text, shown, hubspotForms, paths],
  );

  const publishedFlow = useMemo(
    () => published && checkFlowText({ flowId, text: published.source, optionLists, vars }).flow,
    [published, flowId, optionLists, vars],
  );
  // What the text changes from the published version (the publish dialog shows it), on every
  // change: its reworded options are warnings in the editor. Cheap beside the checks themselves.
  const summary = useMemo(
    () => (publishedFlow && checked.flow ? changeSummary(publishedFlow, checked.flow) : undefined),
    [publishedFlow, checked.flow],
  );
  const unchanged =
    publishedFlow && checked.flow ? sameContent(publishedFlow, checked.flow) : false;
  const valueChanges = useMemo(
    () => (summary ? valueChangeDiagnostics(flowId, text, summary) : []),
    [flowId, text, summary],
  );
  const diagnostics = useMemo(
    () =>
      valueChanges.length + hubspotPlaced.length > 0
        ? [...checked.diagnostics, ...valueChanges, ...hubspotPlaced]
        : checked.diagnostics,
    [checked.diagnostics, valueChanges, hubspotPlaced],
  );
  // The quick fixes of every problem, found once for the editor and the problems list.
  const fixes = useMemo(() => quickFixes(text, diagnostics), [text, diagnostics]);
  // The graph's edits of the text: one function for the page's life, like `reveal` below.
  const editText = useCallback(
    (edit: (text: string) => string) => setText((current) => edit(current)),
    [setText],
  );
  // One function for the page's life: the memoised graph is not drawn again for a new callback.
  const reveal = useCallback((pointer: string) => {
    if (!document.getElementById('studio-json-view')?.hidden)
      return editor.current?.revealPointer(pointer);
    // The JSON view is shown first: a hidden editor cannot take the focus.
    setView('json');
    requestAnimationFrame(() => editor.current?.revealPointer(pointer));
  }, []);

  async function discard() {
    if (!published) return;
    if (!window.confirm('Discard the draft and go back to the published version?')) return;
    await draft.discard();
  }

  function openPublish(fresh = true) {
    if (fresh) setPublishError(null);
    setDialogOpen(true);
    dialog.current?.showModal();
  }

  function closePublish() {
    dialog.current?.close();
    setDialogOpen(false);
  }

  /** `fields`: the form's confirmation, when the dialog asked for it and it was given. */
  async function publish(fields: Record<string, string>) {
    setPublishing(true);
    setPublishError(null);
    const outcome = await draft.publish({ ...fields, source: text, note });
    setPublishing(false);
    // A conflict: the panel shows it, over the page rather than under the modal dialog.
    if (!outcome.ok && !outcome.message && !outcome.diagnostics) closePublish();
    else if (!outcome.ok) showPublishRefusal(outcome);
  }

  function showPublishRefusal(outcome: { message?: string; diagnostics?: Diagnostic[] }) {
    const errors = (outcome.diagnostics ?? []).filter(isErrorDiagnostic);
    const words = errors.map((d) => plainWords(d).message).join('; ');
    setPublishError(outcome.message ?? `Not published: ${words}`);
    if (!dialog.current?.open) openPublish(false);
  }

  async function overwrite() {
    const outcome = await draft.overwrite(text);
    if (outcome && !outcome.ok) showPublishRefusal(outcome);
    editor.current?.focus();
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const at = tabs.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(at + step + tabs.length) % tabs.length]!;
    setTab(next.id);
    document.getElementById(`studio-tab-${next.id}`)?.focus();
  }

  return (
    <div className={styles.studio}>
      <header className={styles.bar}>
        <h1>
          Edit <code>{flowId}</code>
        </h1>
        <p className={styles.state}>
          {published ? `Live: version ${published.version}. ` : 'Not published yet. '}
          <span role="status">
            {save.kind === 'saving'
              ? 'Saving the draft…'
              : save.kind === 'failed'
                ? `Draft not saved: ${save.message}`
                : dirty
                  ? 'Draft not saved yet.'
                  : save.kind === 'published'
                    ? `Published as version ${save.version} at ${formatUtcMinute(save.at)}.`
                    : save.at > 0
                      ? `Draft saved at ${formatUtcMinute(save.at)}.`
                      : 'No draft: this is the published text.'}
          </span>
        </p>
        <div className={styles.actions}>
          <button type="button" onClick={() => void draft.saveDraft(text)}>
            Save draft
          </button>
          {published && (
            <button type="button" onClick={() => void discard()}>
              Discard draft
            </button>
          )}
          <button
            type="button"
            className={styles.primary}
            onClick={() => openPublish()}
            aria-disabled={!loads}
            disabled={!loads}
          >
            Publish…
          </button>
          <a href={`${base}/versions`}>Versions</a>
          <a href={base}>Funnel</a>
        </div>
        {props.presence}
        {lastPublish && (
          <p role="status" className={styles.done}>
            Version {lastPublish.version} is published: visitors get it within a few seconds.
            {lastPublish.warnings.length > 0 &&
              ` ${plural(lastPublish.warnings.length, 'warning')}.`}
          </p>
        )}
      </header>

      {conflict && (
        <ConflictPanel
          conflict={conflict}
          mine={text}
          onMerge={(merged) => {
            draft.merge(merged);
            if (conflict.op !== 'publish') editor.current?.focus();
          }}
          onOverwrite={() => void overwrite()}
          onTakeTheirs={() => {
            draft.takeTheirs();
            editor.current?.focus();
          }}
        />
      )}

      <div className={styles.columns}>
        <section className={styles.editorColumn} aria-labelledby="studio-editor-title">
          <h2 id="studio-editor-title">Flow text</h2>
          <div className={styles.actions} role="group" aria-label="Edit the flow with">
            <button
              type="button"
              aria-pressed={view === 'visual'}
              onClick={() => setView('visual')}
            >
              Visual editor
            </button>
            <button type="button" aria-pressed={view === 'json'} onClick={() => setView('json')}>
              JSON editor
            </button>
          </div>
          <StudioSearch
            text={text}
            view={view}
            editor={editor}
            onShowJson={() => setView('json')}
          />
          {view === 'visual' && (
            <LazyVisualEditor
              text={text}
              onChange={setText}
              flow={shown}
              hubspotForms={hubspotForms}
              optionLists={optionLists}
              onUndo={() => editor.current?.undo()}
              onRedo={() => editor.current?.redo()}
            />
          )}
          <div id="studio-json-view" hidden={view !== 'json'}>
            <LazyFlowEditor
              ref={editor}
              value={text}
              onChange={setText}
              diagnostics={diagnostics}
              fixes={fixes}
              schema={flowSchema}
              hubspotForms={hubspotForms}
              label={`The ${flowId} flow as JSON`}
            />
          </div>
          <ProblemsList
            diagnostics={diagnostics}
            fixes={fixes}
            onReveal={reveal}
            onFix={(edit) => setText(applyEdit(text, edit))}
          />
          {props.hubspot && !props.hubspot.status.enabled && (
            <p className={styles.quiet}>
              The HubSpot check is off: {props.hubspot.status.reason ?? 'HubSpot is not connected'}.
            </p>
          )}
        </section>

        <section className={styles.panelColumn} aria-label="What the flow does">
          <div role="tablist" aria-label="Views of the flow" className={styles.tabs}>
            {tabs.map((t) => (
              <button
                key={t.id}
                id={`studio-tab-${t.id}`}
                type="button"
                role="tab"
                aria-selected={tab === t.id}
                aria-controls={`studio-panel-${t.id}`}
                tabIndex={tab === t.id ? 0 : -1}
                onClick={() => setTab(t.id)}
                onKeyDown={onTabKey}
              >
                {t.label}
              </button>
            ))}
          </div>
          {stale && (
            <p className={styles.stale} role="note">
              The text has errors: this shows the last version of it that loaded.
            </p>
          )}
          {tabs.map((t) => (
            <div
              key={t.id}
              id={`studio-panel-${t.id}`}
              role="tabpanel"
              aria-labelledby={`studio-tab-${t.id}`}
              hidden={tab !== t.id}
              tabIndex={0}
              className={styles.panel}
            >
              {!shown ? (
                <p>The flow does not load yet: fix the problems listed under the text.</p>
              ) : tab !== t.id ? null : t.id === 'graph' ? (
                <>
                  {props.funnel && (
                    <label className={styles.toggle}>
                      <input
                        type="checkbox"
                        checked={showFunnel}
                        onChange={(event) => setShowFunnel(event.target.checked)}
                      />{' '}
                      Show the funnel of version {props.funnel.version} ({props.funnel.visitors}{' '}
                      visitors)
                    </label>
                  )}
                  <StudioGraph
                    flow={shown}
                    funnel={showFunnel ? props.funnel : undefined}
                    onSelect={reveal}
                    onEdit={loads ? editText : undefined}
                  />
                </>
              ) : t.id === 'paths' ? (
                <>
                  {props.hubspot && (
                    <LazyStudioHubSpot
                      flowId={flowId}
                      flow={shown}
                      paths={paths ?? []}
                      status={props.hubspot.status}
                      forms={hubspotForms}
                      source={loads ? text : undefined}
                      csrf={csrf}
                      onDefinitions={setHubSpotForms}
                    />
                  )}
                  <LazyStudioPaths flow={shown} paths={paths} />
                </>
              ) : (
                <LazyStudioPreview flow={shown} />
              )}
            </div>
          ))}
        </section>
      </div>

      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby="publish-title"
        onClose={() => setDialogOpen(false)}
      >
        {dialogOpen && (
          <PublishForm
            flowId={flowId}
            live={published?.version}
            summary={summary}
            unchanged={unchanged}
            hubspot={hubspotPlaced}
            fixes={valueChanges.flatMap((d) => fixes.get(d) ?? [])}
            onFix={(edit) => setText(applyEdit(text, edit))}
            note={note}
            onNote={setNote}
            onPublish={(fields) => void publish(fields)}
            publishing={publishing}
            error={publishError}
            onCancel={closePublish}
          />
        )}
      </dialog>
    </div>
  );
}
