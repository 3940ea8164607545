'use client';
/**
 * Runs one flow: the compiled XState machine (via @xstate/react) decides the step; this
 * component shows it, moves focus and the document title on each step change, keeps progress
 * for resume, sends the lead when a submitting ending is reached, and performs the ending.
 */
import { useMachine } from '@xstate/react';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise, type AnyStateMachine } from 'xstate';
import {
  answerKeysOf,
  captchaAction,
  capturedHidden,
  chooseTransition,
  compileFlow,
  emailStep,
  endingHref,
  findEnding,
  findStep,
  stepLeadIn,
  stepProgress,
  targetsOf,
  uploadFields,
  parseSubmittingState,
  type Answers,
  type FlowContext,
  type FlowEvent,
  type ResolvedFlow,
  type SubmitInput,
} from '@/engine/client';
import { CaptchaWidget, type CaptchaHandle } from './captcha-widget';
import { ChoiceStep } from './choice-step';
import { rememberSubmission } from './contact-session';
import { EndingView } from './ending-view';
import { readFirstTouch } from './first-touch';
import { reportFunnel } from './funnel-beacon';
import { FieldsStep } from './fields-step';
import { clearProgress, saveProgress, type SavedProgress } from './flow-storage';
import { SaveProgressBox } from './save-progress-box';
import {
  emailResumeLink,
  forgetProgressRemotely,
  keepPartialHandle,
  loadPartialHandle,
  partialHeader,
  saveProgressRemotely,
  type PartialHandle,
} from './saved-progress';
import type { FlowRendererProps } from './renderer-types';
import { newIdempotencyKey, submitLead } from './submit-lead';
import { BackButton, FlowFrame, StepHeader } from './step-frame';
import { useFlowHistory } from './use-flow-history';

export interface FlowMachineViewProps extends FlowRendererProps {
  start: SavedProgress | null;
  /** Move focus to the step heading at once (after "Back to home" restarts the flow). */
  focusOnMount?: boolean;
  /** Whether progress may be written to session storage yet. */
  persist: boolean;
  onRestart: () => void;
  /**
   * The flow studio's preview (with `persist` and `resumable` off): a submitting ending calls
   * this instead of sending the lead (a throw shows as the step's error), and the run sends no
   * funnel event and follows no redirect.
   */
  preview?: (input: SubmitInput) => void;
}

/** Lets the machine's submitting actor, created once, call the latest submit function. */
class SubmitBridge {
  private sender: (input: SubmitInput) => Promise<unknown> = () =>
    Promise.reject(new Error('The form is still loading; please try again.'));
  use(sender: (input: SubmitInput) => Promise<unknown>) {
    this.sender = sender;
  }
  send(input: SubmitInput): Promise<unknown> {
    return this.sender(input);
  }
}

/** `/` → `home`, `/careers/contact-form` → `careers/contact-form` (the /en prefix dropped). */
function routeName(pathname: string): string {
  const path = pathname.replace(/^\/en(?=\/|$)/, '').replace(/^\/+|\/+$/g, '');
  return path === '' ? 'home' : path;
}

/** How long the answers rest before they are saved: quick moves make one request. */
const SAVE_DEBOUNCE_MS = 400;

function leadsToSubmission(flow: ResolvedFlow, stepId: string): boolean {
  const step = findStep(flow, stepId);
  return step !== undefined && targetsOf(step).some((t) => findEnding(flow, t)?.submits === true);
}

export function FlowMachineView(props: FlowMachineViewProps) {
  const { flow, start, preview } = props;
  const router = useRouter();
  // Files chosen in the server-rendered step before this renderer loaded come with the draft.
  const files = useRef<Record<string, File>>(
    Object.fromEntries(
      Object.entries(props.draft ?? {}).filter(
        (entry): entry is [string, File] => entry[1] instanceof File,
      ),
    ),
  );
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const [leadId, setLeadId] = useState('');
  // The submitting actor is created once with the machine; it calls through this bridge,
  // which always holds the latest props (set after each render).
  const [bridge] = useState(() => new SubmitBridge());

  // Saved progress with consent: nothing is sent before the box is ticked and its step passed;
  // then one save per step change (debounced), never a file.
  const saving = preview ? undefined : flow.saveProgress;
  const consentStep = saving ? emailStep(flow)?.id : undefined;
  const [partial, setPartial] = useState<PartialHandle | null>(() =>
    saving ? loadPartialHandle(flow.id) : null,
  );
  const [consented, setConsented] = useState(() => partial !== null);
  const [keptStatus, setKeptStatus] = useState('');
  const [linkPending, setLinkPending] = useState(false);

  const sendLead = async (input: SubmitInput) => {
    if (preview) return preview(input);
    const chosen: Record<string, File> = {};
    for (const { name } of uploadFields(flow)) {
      const file = files.current[name];
      if (file && input.answers[name] === file.name) chosen[name] = file;
    }
    // One key per attempt: a retry of the very same answers reuses it, so a lead the server
    // stored before the connection dropped is not stored twice; changed answers get a new key.
    const fingerprint = JSON.stringify([
      input.answers,
      input.ending,
      Object.entries(chosen).map(([k, f]) => [k, f.name, f.size, f.lastModified]),
    ]);
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { fingerprint, key: newIdempotencyKey() };
    }
    const idempotencyKey = attempt.current.key;
    // Invisible and Enterprise captchas run their execute step here, as the form is sent.
    const captchaToken = props.captcha ? ((await captcha.current?.token()) ?? '') : undefined;
    if (props.captcha && !captchaToken) {
      throw new Error('Please complete the captcha check first.');
    }
    const result = await submitLead({
      flowId: flow.id,
      flowVersion: flow.version,
      answers: input.answers,
      page: {
        uri: window.location.href,
        name: props.pageName ?? routeName(window.location.pathname),
      },
      files: chosen,
      hidden: capturedHidden(flow, readFirstTouch()),
      captchaToken,
      idempotencyKey,
      ...(partial ? { partialLead: partialHeader(partial) } : {}),
    });
    if (partial) {
      keepPartialHandle(flow.id, null);
      setPartial(null);
    }
    setLeadId(result.id);
    rememberSubmission(flow, input.answers, props.suppressReadyToTalkFlag);
    return result;
  };
  useEffect(() => {
    bridge.use(sendLead);
  });

  const [machine] = useState(() =>
    compileFlow(flow).provide({
      actors: { submitFlow: fromPromise<unknown, SubmitInput>(({ input }) => bridge.send(input)) },
    }),
  );
  const [restored] = useState(() =>
    start
      ? machine.getPersistedSnapshot(
          machine.resolveState({
            value: start.step,
            context: { answers: start.answers, history: start.history, error: null },
          }),
        )
      : undefined,
  );
  // The machine's states are built from data, so its precise type is erased here.
  const [snapshot, sendAny, actor] = useMachine(
    machine as unknown as AnyStateMachine,
    restored ? { snapshot: restored } : {},
  );
  const sendEvent = sendAny as (event: FlowEvent) => void;

  const value = String(snapshot.value);
  const submittingTo = parseSubmittingState(value);
  const submitting = submittingTo !== undefined;
  const stepId = submittingTo?.step ?? value;
  const step = findStep(flow, stepId);
  const ending = findEnding(flow, value);
  const { answers, history, error } = snapshot.context as FlowContext;
  const progress = step ? stepProgress(flow, answers, step.id) : null;
  const resumable = props.resumable ?? flow.steps.length > 1;

  const latest = useRef({ history, answers, partial });
  useEffect(() => {
    latest.current = { history, answers, partial };
  });
  const saveAt =
    saving && consented && consentStep && step && !submitting && history.includes(consentStep)
      ? `${step.id}@${history.length}`
      : '';
  useEffect(() => {
    if (!saveAt) return;
    const [stepAt] = saveAt.split('@');
    const timer = window.setTimeout(() => {
      const { history: passed, answers: given, partial: handle } = latest.current;
      const page = {
        uri: window.location.href,
        name: props.pageName ?? routeName(window.location.pathname),
      };
      const hidden = capturedHidden(flow, readFirstTouch());
      saveProgressRemotely(
        flow,
        { step: stepAt!, history: passed, answers: given },
        handle,
        page,
        hidden,
      )
        .then((saved) => {
          if (!saved) return;
          keepPartialHandle(flow.id, saved);
          setPartial(saved);
          setKeptStatus('Your answers are kept so you can finish later.');
        })
        .catch(() => undefined); // kept progress is a convenience: the flow goes on without it
    }, SAVE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [saveAt, flow, props.pageName]);
  const forget = useCallback(() => {
    const handle = latest.current.partial;
    setConsented(false);
    if (!handle) return;
    void forgetProgressRemotely(flow.id, handle).then((ok) => {
      if (!ok) return;
      keepPartialHandle(flow.id, null);
      setPartial(null);
      setKeptStatus('Your answers are no longer kept.');
    });
  }, [flow.id, setConsented, setPartial, setKeptStatus]);
  const emailLink = useCallback(() => {
    const handle = latest.current.partial;
    if (!handle) return;
    const to = latest.current.answers.email;
    setLinkPending(true);
    void emailResumeLink(flow.id, handle).then((sent) => {
      setLinkPending(false);
      if (!sent.ok) return setKeptStatus(sent.message);
      const until = new Date(sent.expiresAt).toLocaleDateString(undefined, {
        day: 'numeric',
        month: 'long',
      });
      setKeptStatus(
        `We e-mailed a link to ${typeof to === 'string' ? to : 'your address'}. It opens your answers once, on any device, until ${until}.`,
      );
    });
  }, [flow.id, setLinkPending, setKeptStatus]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const originalTitle = useRef<string | null>(null);
  const shown = useRef<string | null>(null);

  // Focus and title follow the step; the first render leaves both alone (no focus theft).
  useEffect(() => {
    if (submitting) return;
    originalTitle.current ??= document.title;
    if (
      (shown.current !== null && shown.current !== value) ||
      (shown.current === null && props.focusOnMount)
    ) {
      headingRef.current?.focus();
      if (step && progress) {
        document.title = `Question ${progress.n} of ${progress.total}: ${step.question} | ${originalTitle.current}`;
      } else if (step?.question) {
        document.title = `${step.question} | ${originalTitle.current}`;
      } else {
        document.title = originalTitle.current;
      }
    }
    shown.current = value;
  }, [value, submitting, step, progress, props.focusOnMount]);

  // The funnel: each step shown, and each forward move from a step (to a step, or to an ending
  // once its submission went through) as the transition the answers took. Back and a resumed
  // step are shown steps, not transitions.
  const settled = useRef<{ value: string; depth: number } | null>(null);
  useEffect(() => {
    if (submitting || preview) return;
    const before = settled.current;
    settled.current = { value, depth: history.length };
    if (before?.value === value) return;
    const from =
      before && history.length === before.depth + 1 ? findStep(flow, before.value) : undefined;
    const taken = from && history.at(-1) === from.id ? chooseTransition(from, answers) : undefined;
    const meta = { flow: flow.id, version: flow.version };
    if (from && taken)
      reportFunnel({ ...meta, step: from.id, transition: `${from.id}#${taken.index}` }, !step);
    if (step) reportFunnel({ ...meta, step: step.id });
  }, [value, submitting, preview, step, history, answers, flow]);

  // Progress for resume: kept while on a step, dropped at an ending.
  useEffect(() => {
    if (!resumable || !props.persist) return;
    // Nothing answered yet means nothing to resume.
    if (ending || history.length === 0) clearProgress(flow.id);
    else if (step && !submitting) saveProgress(flow, step.id, history, answers);
  }, [resumable, props.persist, flow, ending, step, submitting, history, answers]);

  const { onEnding, onAnswers } = props;
  useEffect(() => {
    onAnswers?.(answers);
  }, [answers, onAnswers]);
  const endingDone = useRef(false);
  useEffect(() => {
    if (!ending || endingDone.current) return;
    endingDone.current = true;
    onEnding?.(ending.id, answers);
    const href = endingHref(ending);
    if (href && !preview) router.push(href);
  }, [ending, answers, onEnding, router, preview]);

  const back = useCallback(
    (count: number) => {
      for (let i = 0; i < count; i++) sendEvent({ type: 'BACK' });
    },
    [sendEvent],
  );
  const forward = useCallback(
    (count: number) => {
      for (let i = 0; i < count; i++) {
        const snap = actor.getSnapshot();
        const current = findStep(flow, String(snap.value));
        const context = snap.context as FlowContext;
        if (!current) return;
        const values: Answers = {};
        for (const key of answerKeysOf(current)) {
          const answer = context.answers[key];
          if (answer !== undefined) values[key] = answer;
        }
        // Forward never submits: a submitting step waits for the visitor's own click.
        if (leadsToSubmission(flow, current.id) || Object.keys(values).length === 0) return;
        sendEvent({ type: 'ANSWER', values });
      }
    },
    [actor, flow, sendEvent],
  );
  const { goBack } = useFlowHistory({
    enabled: resumable,
    flowId: flow.id,
    depth: history.length,
    onStep: step !== undefined && !submitting,
    back,
    forward,
  });

  const level = props.headingLevel ?? 2;
  const leadIn = step ? stepLeadIn(flow, step.id) : undefined;

  const answer = useCallback(
    (values: Answers) => sendEvent({ type: 'ANSWER', values }),
    [sendEvent],
  );
  const setFile = useCallback((name: string, file: File | undefined) => {
    if (file) files.current[name] = file;
    else delete files.current[name];
  }, []);

  const stepFooter = useMemo(() => {
    if (!step) return null;
    const submits = leadsToSubmission(flow, step.id);
    return (
      <>
        {saving && (step.id === consentStep || partial) ? (
          <SaveProgressBox
            flowId={flow.id}
            consent={step.id === consentStep ? saving.consent : undefined}
            checked={consented}
            onChange={(checked) => (checked ? setConsented(true) : forget())}
            kept={partial !== null}
            onForget={forget}
            onEmailLink={emailLink}
            linkPending={linkPending}
            status={keptStatus}
          />
        ) : null}
        {submits && props.captcha ? (
          <CaptchaWidget ref={captcha} config={props.captcha} action={captchaAction(flow.id)} />
        ) : null}
        {error ? (
          <div className="flow-error" role="alert">
            <p>{error}</p>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                if (step.kind === 'choice') {
                  const previous = answers[step.id];
                  if (previous !== undefined) answer({ [step.id]: previous });
                } else {
                  formRef.current?.requestSubmit();
                }
              }}
            >
              Try again
            </button>
          </div>
        ) : null}
      </>
    );
  }, [
    step,
    flow,
    props.captcha,
    error,
    answers,
    answer,
    saving,
    consentStep,
    partial,
    consented,
    forget,
    emailLink,
    linkPending,
    keptStatus,
    setConsented,
  ]);

  if (ending) {
    if (ending.kind === 'redirect') {
      return (
        <p className="flow-ending" role="status">
          Thank you — taking you to the next page…
        </p>
      );
    }
    return (
      <div className={`flow ${props.className ?? ''}`}>
        <EndingView
          ending={ending}
          answers={answers}
          {...(ending.kind === 'screen' &&
            ending.shows &&
            typeof window !== 'undefined' && { hidden: capturedHidden(flow, readFirstTouch()) })}
          leadId={leadId}
          checkoutLinks={props.checkoutLinks}
          headingRef={headingRef}
          headingLevel={level}
          onRestart={props.onRestart}
        />
      </div>
    );
  }
  if (!step) return null;

  const header = (
    <StepHeader
      flow={flow}
      level={level}
      question={step.question}
      progress={progress}
      headingRef={headingRef}
    />
  );
  const backButton =
    history.length > 0 ? <BackButton onClick={goBack} disabled={submitting} /> : undefined;

  // What both kinds of step get: the answers so far, the draft, the busy state and the frame.
  const parts = {
    flowId: flow.id,
    answers,
    draft: props.draft,
    busy: submitting,
    header,
    footer: stepFooter,
    back: backButton,
    onAnswer: answer,
  };
  return (
    <FlowFrame flow={flow} level={level} leadIn={leadIn} className={props.className}>
      {step.kind === 'choice' ? (
        <ChoiceStep key={step.id} step={step} {...parts} />
      ) : (
        <FieldsStep
          key={step.id}
          flow={flow}
          step={step}
          {...parts}
          label={props.label}
          onFile={setFile}
          formRef={formRef}
        />
      )}
    </FlowFrame>
  );
}
