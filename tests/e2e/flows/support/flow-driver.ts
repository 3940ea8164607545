/**
 * Drives a flow through its visible UI the way a visitor does: options by their button names,
 * fields by their labels, buttons by their text. Paths come from the engine (flowPaths), so
 * every transition of a flow is walked without a hand-written script per flow.
 */
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import {
  findStep,
  stepProgress,
  visibleFields,
  type Answers,
  type PathStep,
  type ResolvedField,
  type ResolvedFlow,
  type ResolvedStep,
} from '@/engine/client';

/** Minimal files whose bytes really are what their names say (the server sniffs them). */
export function sampleFile(name: string): { name: string; mimeType: string; buffer: Buffer } {
  if (name.endsWith('.png')) {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    return { name, mimeType: 'image/png', buffer: png };
  }
  const pdf =
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
  return {
    name: name.replace(/\.[a-z]+$/, '.pdf'),
    mimeType: 'application/pdf',
    buffer: Buffer.from(pdf),
  };
}

/**
 * How a stored answer is typed into the UI: phone digits and numbers key by key, through the
 * mask (an amount's "10000" shows as "$10,000"), as a visitor types them.
 */
export async function fillField(
  scope: Locator,
  field: ResolvedField,
  value: Answers[string] | undefined,
) {
  const control = scope.getByLabel(field.label, { exact: false }).first();
  switch (field.type) {
    case 'select':
      await control.selectOption(String(value ?? ''));
      return;
    case 'multiselect': {
      const group = scope.getByRole('group', { name: field.label });
      for (const v of Array.isArray(value) ? value : []) {
        const label = field.options?.find((o) => o.value === v)?.label ?? v;
        await group.getByLabel(label, { exact: true }).check();
      }
      return;
    }
    case 'consent':
      if (value === true) await control.check();
      return;
    case 'file':
      if (typeof value === 'string' && value !== '') await control.setInputFiles(sampleFile(value));
      return;
    case 'phone':
    case 'number':
      await control.click();
      await control.pressSequentially(String(value ?? ''));
      return;
    default:
      await control.fill(String(value ?? ''));
  }
}

export function optionLabel(step: ResolvedStep, value: string): string {
  if (step.kind !== 'choice') throw new Error(`${step.id} is not a choice step`);
  return step.options.find((o) => o.value === value)?.label ?? value;
}

/** Answers one step as a visitor would; returns after the click that completes it. */
export async function answerStep(
  scope: Locator,
  flow: ResolvedFlow,
  step: ResolvedStep,
  answer: Answers[string] | Answers,
  answersBefore: Answers,
) {
  if (step.kind === 'choice') {
    const values = Array.isArray(answer) ? answer : [answer as string];
    const label = optionLabel(step, values[0]!);
    const option = scope.getByRole('button', { name: label, exact: true });
    if ((await option.count()) === 0) await scope.getByRole('button', { name: 'See all' }).click();
    await option.click();
    return;
  }
  // A path lists a step's one answer bare when its key is the step's id (a field named like it).
  const answers = stepAnswers({ step: step.id, answer: answer as PathStep['answer'] });
  for (const field of visibleFields(step.fields, answersBefore)) {
    await fillField(scope, field, answers[field.name]);
  }
  await scope.getByRole('button', { name: step.submitLabel ?? 'Next', exact: true }).click();
}

/** The step shown: its question as heading and, on numbered steps, "Question n / N". */
export async function expectStep(
  scope: Locator,
  flow: ResolvedFlow,
  stepId: string,
  answers: Answers,
) {
  const step = findStep(flow, stepId)!;
  if (step.question) {
    await expect(scope.getByRole('heading', { name: step.question, exact: true })).toBeVisible();
  }
  const progress = stepProgress(flow, answers, stepId);
  if (progress) {
    await expect(
      scope.getByText(`Question ${progress.n} / ${progress.total}`, { exact: true }),
    ).toBeVisible();
  }
}

export function leadResponse(page: Page, flowId: string): Promise<Response> {
  return page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/leads/${flowId}`,
    { timeout: 0 }, // bounded by the test's own timeout
  );
}

/** A distinct visitor address per test, so the per-client rate limit sees separate visitors. */
let visitor = 0;
export function visitorIp(): string {
  visitor += 1;
  return `10.${(process.pid % 200) + 1}.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`;
}

/** The answers a path's step gives, keyed as the flow keeps them. */
export function stepAnswers(step: PathStep): Answers {
  return typeof step.answer === 'object' && !Array.isArray(step.answer)
    ? step.answer
    : { [step.step]: step.answer };
}

/**
 * Walks `steps` of `flow` in `scope` as a visitor: each step shown as expected, then answered.
 * Returns the answers given so far (`answers` first).
 */
export async function walkSteps(
  scope: Locator,
  flow: ResolvedFlow,
  steps: readonly PathStep[],
  answers: Answers = {},
): Promise<Answers> {
  for (const step of steps) {
    await expectStep(scope, flow, step.step, answers);
    await answerStep(scope, flow, findStep(flow, step.step)!, step.answer, answers);
    answers = { ...answers, ...stepAnswers(step) };
  }
  return answers;
}
