'use client';
/**
 * The flow studio's text editor (CodeMirror 6): a flow's JSON with line numbers and highlighting,
 * the engine's diagnostics marked where they are (given by the page, which checks the text on
 * every change, so the marks follow the text at once instead of after a linter's delay), quick
 * fixes for a misspelt name, and completion and hover docs from the flow JSON Schema (and, for a
 * submission field's name, from the fields of its HubSpot form).
 *
 * Keyboard: Tab is left to the browser (it leaves the editor; nothing binds it), Ctrl-Space
 * completes, Ctrl-. applies the quick fix under the cursor or else opens the problems panel,
 * Ctrl-Shift-M opens that panel (each problem with its fix), F8 goes to the next problem.
 *
 * The page loads it with next/dynamic (ssr: false): CodeMirror needs the DOM, and only the
 * studio's pages download it.
 */
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, redo, undo } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import {
  forEachDiagnostic,
  lintGutter,
  lintKeymap,
  openLintPanel,
  setDiagnostics,
  type Diagnostic as LintDiagnostic,
} from '@codemirror/lint';
import { Annotation, Compartment, EditorState } from '@codemirror/state';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  hoverTooltip,
  keymap,
  lineNumbers,
  type Command,
} from '@codemirror/view';
import { parseTree } from 'jsonc-parser';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { pointerTarget, type Diagnostic, type HubSpotForms } from '@/engine/client';
import { quickFixOf, type QuickFixes } from './quick-fix';
import { diagnosticMarks } from './diagnostic-marks';
import type { Schema } from './schema-at';
import { completeAt, completionEdit } from './schema-completion';
import { hoverAt } from './schema-hover';

export interface FlowEditorHandle {
  /** Selects the JSON node at the pointer (`/steps/3`), scrolls to it and focuses the editor. */
  revealPointer(pointer: string): void;
  /** Selects the text from `from` to `to` (offsets), scrolls to it and focuses the editor. */
  selectRange(from: number, to: number): void;
  focus(): void;
  /**
   * Undoes (or redoes) the last change of the text, the visual editor's included: a new `value`
   * is a change of the editor's own history, so both views share one undo history.
   */
  undo(): void;
  redo(): void;
}

export interface FlowEditorProps {
  value: string;
  onChange: (text: string) => void;
  /** The engine's diagnostics of `value` (checkFlowText). */
  diagnostics: readonly Diagnostic[];
  /** Their quick fixes in `value` (quickFixes: the page finds them once for the editor and list). */
  fixes: QuickFixes;
  /** schemas/flow.schema.json's data: completion and hover read it. */
  schema: object;
  /** HubSpot's form definitions by form key: a submission field's name is completed from them. */
  hubspotForms?: HubSpotForms;
  /** The editor's accessible name. */
  label: string;
  /** The id of the editable element. */
  id?: string;
  ref?: Ref<FlowEditorHandle>;
}

/** A change made from the `value` prop: not echoed back through onChange. */
const fromProp = Annotation.define<boolean>();
const attributes = new Compartment();

/** The smallest edit from `before` to `after`, so the cursor and history survive a new value. */
function changeBetween(before: string, after: string) {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}

/** An engine diagnostic as CodeMirror marks it, with its quick fix as an action. */
function lintDiagnostics(
  text: string,
  diagnostics: readonly Diagnostic[],
  fixes: QuickFixes,
): LintDiagnostic[] {
  return diagnosticMarks(text, diagnostics).map(({ diagnostic, ...mark }) => {
    const fix = fixes.get(diagnostic);
    if (!fix) return mark;
    return {
      ...mark,
      actions: [
        {
          name: fix.title ?? `Replace with ${fix.insert}`,
          // Found again in the text as it is now: it may have changed since the marks were set.
          apply(view) {
            const edit = quickFixOf(diagnostic, view.state.doc.toString());
            if (!edit) return;
            const anchor = edit.from + edit.insert.length;
            view.dispatch({ changes: edit, selection: { anchor }, userEvent: 'input' });
          },
        },
      ],
    };
  });
}

/** Ctrl-.: the quick fix of the problem under the cursor, or else the problems panel. */
const quickFix: Command = (view) => {
  const head = view.state.selection.main.head;
  let apply: (() => void) | undefined;
  forEachDiagnostic(view.state, (d, from, to) => {
    const action = d.actions?.[0];
    if (!apply && action && head >= from && head <= to) apply = () => action.apply(view, from, to);
  });
  if (!apply) return openLintPanel(view);
  apply();
  return true;
};

function schemaCompletion(latest: () => { schema: Schema; hubspotForms?: HubSpotForms }) {
  return (context: CompletionContext): CompletionResult | null => {
    const text = context.state.doc.toString();
    const { schema, hubspotForms } = latest();
    const found = completeAt(schema, text, context.pos, hubspotForms);
    // While typing, only once a word (or its opening quote) is under way.
    if (
      !found ||
      (!context.explicit && found.from === context.pos && text[context.pos - 1] !== '"')
    )
      return null;
    const options = found.options.map((option): Completion => ({
      label: option.label,
      type: option.kind === 'property' ? 'property' : 'enum',
      info: option.info,
      detail: option.detail,
      apply(view, _completion, _from, to) {
        const edit = completionEdit(option, view.state.doc.toString(), to);
        const anchor = edit.from + edit.insert.length;
        view.dispatch({ changes: edit, selection: { anchor }, userEvent: 'input.complete' });
      },
    }));
    return { from: found.from, options, validFor: /^[\w$-]*$/ };
  };
}

function schemaHover(schema: () => Schema) {
  return hoverTooltip((view, pos) => {
    const hover = hoverAt(schema(), view.state.doc.toString(), pos);
    if (!hover) return null;
    return {
      pos: hover.from,
      end: hover.to,
      above: true,
      create() {
        const dom = document.createElement('div');
        dom.className = 'cm-schema-hover';
        const name = dom.appendChild(document.createElement('strong'));
        name.textContent = hover.name;
        for (const text of hover.descriptions)
          dom.appendChild(document.createElement('p')).textContent = text;
        if (hover.values.length > 0)
          dom.appendChild(document.createElement('p')).textContent =
            `One of: ${hover.values.join(', ')}`;
        return { dom };
      },
    };
  });
}

const theme = EditorView.theme({
  '&': { fontSize: '0.875rem', border: '1px solid #8a8a8a', height: '70vh' },
  '&.cm-focused': { outline: '2px solid #1a5fb4', outlineOffset: '1px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  '.cm-schema-hover': { maxWidth: '36em', padding: '0.25em 0.5em' },
  '.cm-schema-hover p': { margin: '0.25em 0' },
});

export function FlowEditor({
  value,
  onChange,
  diagnostics,
  fixes,
  schema,
  hubspotForms,
  label,
  id,
  ref,
}: FlowEditorProps) {
  const parent = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest props, read by the editor's callbacks (the editor is made once).
  const latest = useRef({ onChange, schema: schema as Schema, hubspotForms });
  useLayoutEffect(() => {
    latest.current = { onChange, schema: schema as Schema, hubspotForms };
  });
  const initialValue = useRef(value);

  useEffect(() => {
    const editor = new EditorView({
      parent: parent.current!,
      state: EditorState.create({
        doc: initialValue.current,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          lintGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          json(),
          EditorView.lineWrapping,
          autocompletion({ override: [schemaCompletion(() => latest.current)] }),
          schemaHover(() => latest.current.schema),
          keymap.of([
            { key: 'Mod-.', run: quickFix },
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...historyKeymap,
            ...completionKeymap,
            ...lintKeymap,
          ]),
          attributes.of([]), // the label and id, set below
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.some((t) => t.annotation(fromProp)))
              return;
            latest.current.onChange(update.state.doc.toString());
          }),
          theme,
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    const doc = editor?.state.doc.toString();
    if (!editor || doc === value || doc === undefined) return;
    editor.dispatch({ changes: changeBetween(doc, value), annotations: fromProp.of(true) });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const marks = lintDiagnostics(editor.state.doc.toString(), diagnostics, fixes);
    editor.dispatch(setDiagnostics(editor.state, marks));
  }, [diagnostics, fixes, value]);

  useEffect(() => {
    view.current?.dispatch({ effects: attributes.reconfigure(contentAttributes(label, id)) });
  }, [label, id]);

  useImperativeHandle(
    ref,
    () => ({
      revealPointer(pointer) {
        const editor = view.current;
        if (!editor) return;
        const target = pointerTarget(parseTree(editor.state.doc.toString()), pointer);
        const from = target?.offset ?? 0;
        editor.dispatch({
          selection: { anchor: from, head: from + (target?.length ?? 0) },
          effects: EditorView.scrollIntoView(from, { y: 'center' }),
        });
        editor.focus();
      },
      selectRange(from, to) {
        const editor = view.current;
        if (!editor) return;
        const end = editor.state.doc.length;
        editor.dispatch({
          selection: { anchor: Math.min(from, end), head: Math.min(to, end) },
          effects: EditorView.scrollIntoView(Math.min(from, end), { y: 'center' }),
        });
        editor.focus();
      },
      focus() {
        view.current?.focus();
      },
      undo() {
        if (view.current) undo(view.current);
      },
      redo() {
        if (view.current) redo(view.current);
      },
    }),
    [],
  );

  return <div ref={parent} />;
}

function contentAttributes(label: string, id: string | undefined) {
  // tabindex: the text is focusable anyway (contenteditable), but axe counts a scrollable region
  // as keyboard-reachable only through a focusable element it recognises; the tab order is the same.
  return EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0', ...(id && { id }) });
}
